// Ids in the API's shape: real ids are `msg_01` / `toolu_01` / `req_01` followed by base62-ish noise, and clients only
// rely on the prefix.

import { randomBytes } from 'node:crypto';

export function makeId(prefix: 'msg' | 'toolu' | 'req'): string {
  return `${prefix}_01${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}
