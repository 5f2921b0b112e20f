import { act, finish, need, type Policy, shows } from '../../policy-kit';

// The person attached the file in the panel: the observation names it on its files line. Upload it through the
// upload button, then finish once the page lists it (a line of the page, not the files line or the task's).
const policy: Policy = (seen) => {
  const file = /upload_file takes these names\): attached (\S+) \(/.exec(seen.text)?.[1];
  if (!file) throw new Error(`The observation names no attached file:\n${seen.text}`);
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const listed = new RegExp(`^(?!Files of this task|Attached files).*${escaped}`);
  if (seen.previousTools.includes('upload_file') && shows(seen, listed)) return finish(`Uploaded ${file}.`, [file]);
  return act('upload_file', { ref: need(seen, 'button', /upload/i).ref, file });
};
export default policy;
