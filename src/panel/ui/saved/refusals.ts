// Why a run was not saved, or a file not imported, in the person's words (issue 30).

import type { ImportRefusal, ImportRefusalCode } from '../../agent';
import type { SaveRefusal, SaveRefusalCode } from '../../store/saved-from-record';
import { type MessageKey, t } from '../i18n';

const SAVE: Record<SaveRefusalCode, MessageKey> = {
  not_verified: 'saveRefusedNotVerified',
  not_replayable: 'saveRefusedNotReplayable',
  no_actions: 'saveRefusedNoActions',
  not_listed: 'saveRefusedNotListed',
  drag: 'saveRefusedDrag',
  bad_name: 'saveRefusedBadName',
  empty_value: 'saveRefusedEmptyValue',
  named_twice: 'saveRefusedNamedTwice',
  value_nowhere: 'saveRefusedValueNowhere',
  gone: 'saveRefusedGone',
};

const IMPORT: Record<ImportRefusalCode, MessageKey> = {
  not_json: 'importRefusedNotJson',
  not_saved_file: 'importRefusedNotSavedFile',
  newer_version: 'importRefusedNewerVersion',
  invalid_task: 'importRefusedInvalidTask',
  secret_in_file: 'importRefusedSecretInFile',
};

export const saveRefusalText = (refusal: SaveRefusal) => t(SAVE[refusal.code], refusal.detail ?? '');
export const importRefusalText = (refusal: ImportRefusal) => t(IMPORT[refusal.code], refusal.detail ?? '');
