// upload_file: puts a file the person attached, or one this task downloaded, on the page: into a file input (the
// ref, or the input a label or button ref controls) or onto a drop zone. The panel reads the bytes; the page checks
// that the input holds the file or that the drop zone took it (src/content/actions/verbs/upload.ts).
// A download's bytes are fetched again from its URL with the person's cookies, and a page chose that URL: the task's
// site gate is asked about the origin first (decision 0025), so a page cannot have the agent carry another
// site's file to it unless the person allows that site.

import { z } from 'zod';
import { SteadyhandError } from '../../../shared/errors';
import { describeSize, type FetchConsent } from '../task/files';
import { refLabel, reportAction } from './common';
import { pageTool } from './page-tool';
import type { ToolContext, ToolOutput } from './types';

function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}

export const uploadFile = pageTool({
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
  mayNavigate: true,
  async run(input, { page, snapshotId, options }, ctx) {
    if (!ctx.files) {
      throw new SteadyhandError('not_allowed', 'This panel has no files to upload: the person can attach one.');
    }
    let denied: string | null = null;
    const mayFetch: FetchConsent = async ({ origin, url, name }) => {
      const decision = await ctx.sites.ask(origin, { kind: 'download', url, name }, ctx.signal);
      if (decision === 'deny') denied = origin;
      return decision !== 'deny';
    };
    let file: Awaited<ReturnType<typeof ctx.files.read>>;
    try {
      file = await ctx.files.read(input.file, { signal: ctx.signal, mayFetch });
    } catch (error) {
      if (denied === null) throw error;
      return refusedDownload(denied, ctx);
    }
    const result = await page.uploadFile({ ref: input.ref, snapshotId, file }, options());
    const size = describeSize(base64Bytes(file.data));
    const to = refLabel(ctx, input.ref);
    if (ctx.files.attached().some((attached) => attached.name === file.name)) {
      return reportAction(`upload_file ${file.name} (${size}) to ${to}`, result, ctx, [input.ref]);
    }
    // A download's name is its server's or page's words: named in the fenced part, like the element.
    const output = reportAction(`upload_file the download (${size}) to ${to}`, result, ctx, [input.ref]);
    const named = `File: ${JSON.stringify(file.name)}`;
    return {
      ...output,
      text: `${output.text} (The download's name, as its site gave it, opens the fenced part.)`,
      pageText: output.pageText === undefined ? named : `${named}\n${output.pageText}`,
    };
  },
});

/** The person (or the block list) said no to the download's site: their decision, not a failure to repair. */
function refusedDownload(origin: string, ctx: ToolContext): ToolOutput {
  const text =
    `upload_file failed: not_allowed: the file was downloaded from ${origin}; uploading it would mean fetching it ` +
    `again from there with the person's cookies, and ${ctx.sites.describeDenial(origin)}. Nothing was fetched or ` +
    'uploaded. Do not try to reach that file another way: ask_user to attach it if the task needs it, or go on ' +
    'without it.';
  return {
    outcome: 'execute_error',
    text,
    brief: `not allowed: download from ${origin}`,
    effects: { siteDenied: origin },
  };
}

export const FILE_TOOLS = [uploadFile];
