import { giveUp } from '../../../kit';
import type { Policy } from '../../policy-kit';

// Choosing a file needs the upload_file tool (branch `files`); until it lands the policy says what blocks it.
const policy: Policy = (seen) => {
  if (JSON.stringify(seen.request.body?.tools ?? []).includes('"upload_file"'))
    throw new Error('upload_file is offered now: write this policy against it');
  return giveUp('There is no tool to choose a file for the upload.');
};
export default policy;
