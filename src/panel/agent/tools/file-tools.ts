// upload_file: puts a file the person attached, or one this task downloaded, on the page: into a file input (the
// ref, or the input a label or button ref controls) or onto a drop zone. The panel reads the bytes; the page checks
// that the input holds the file or that the drop zone took it (src/content/actions/upload.ts).

import { z } from 'zod';
import { SteadyhandError } from '../../../shared/errors';
import { describeSize } from '../files';
import { callOptions, defineTool, pageOf, refLabel, reportAction } from './common';

function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}

export const uploadFile = defineTool({
  name: 'upload_file',
  description:
    'Upload a file to the page: `file` names a file the person attached or a file this task downloaded (listed in ' +
    'the task message and the observation). `ref` is the file input, its label or upload button, or a drop zone.',
  schema: z
    .object({
      ref: z.number().int().nonnegative().describe('The file input, upload button or drop zone.'),
      file: z.string().min(1).describe('The file name, exactly as listed.'),
    })
    .strict(),
  group: 'page',
  mayNavigate: true,
  usesPage: true,
  async run(input, ctx) {
    const { page, snapshotId } = pageOf(ctx);
    if (!ctx.files) {
      throw new SteadyhandError('not_allowed', 'This panel has no files to upload: the person can attach one.');
    }
    const file = await ctx.files.read(input.file, ctx.signal);
    const result = await page.uploadFile({ ref: input.ref, snapshotId, file }, callOptions(ctx));
    const size = describeSize(base64Bytes(file.data));
    return reportAction(`upload_file ${file.name} (${size}) to ${refLabel(ctx, input.ref)}`, result, ctx, [input.ref]);
  },
});

export const FILE_TOOLS = [uploadFile];
