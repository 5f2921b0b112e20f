// Site permissions in the task view (decision 0010): the open question, with its four answers (allow once, always,
// read only, deny; decision 0025), and the list of sites settled for the task so far. A question to act names what the
// agent wants to do, and for a frame both the frame's site and the page's.

import { useState } from 'preact/hooks';
import { displayUrl } from '../../../shared/urls';
import type { SiteAction, SiteDecision, SiteReason } from '../../agent';
import type { PermissionRequest, PermissionView } from '../../store/task-record';
import { type MessageKey, t } from '../i18n';
import { type Answer, AnswerButtons } from './answer-buttons';

const VERBS: Record<SiteAction, MessageKey> = {
  click: 'permissionActClick',
  type: 'permissionActType',
  key: 'permissionActKey',
  select: 'permissionActSelect',
  set: 'permissionActSet',
  drag: 'permissionActDrag',
  upload: 'permissionActUpload',
  script: 'permissionActScript',
  act: 'permissionActAct',
};

/** A site as the question names it: host and port, never userinfo (URL's `host` has none). */
function siteOf(url: string): string {
  try {
    return new URL(url).host || displayUrl(url);
  } catch {
    return displayUrl(url);
  }
}

const NAME_MAX = 100;

/** A download's name as the question shows it: a page chose it, so it is capped like a URL. */
function displayName(name: string): string {
  return name.length <= NAME_MAX ? name : `${name.slice(0, NAME_MAX)}…`;
}

/** The "why" line: the URL without userinfo (a `user@` part must not read like the host) and capped. */
export function permissionWhy(why: SiteReason): string {
  if (why.kind === 'act') return t('permissionWhyAct', t(VERBS[why.action]), siteOf(why.url));
  if (why.kind === 'frame') return t('permissionWhyFrame', t(VERBS[why.action]), siteOf(why.url), siteOf(why.top));
  const url = displayUrl(why.url);
  if (why.kind === 'tab') return t('permissionWhyTab', url);
  if (why.kind === 'navigation') {
    if (why.by === 'page') return t('permissionWhyPageNavigation', why.from, url);
    if (why.by === 'browser') return t('permissionWhyBrowserNavigation', why.from, url);
    if (why.method === 'post') return t('permissionWhyFormPost', url);
    return t(why.newTab ? 'permissionWhyLinkNewTab' : 'permissionWhyLink', url);
  }
  if (why.kind === 'download') return t('permissionWhyDownload', displayName(why.name), url);
  return t(why.newTab ? 'permissionWhyOpenUrlNewTab' : 'permissionWhyOpenUrl', url);
}

const ANSWERS: Answer<SiteDecision>[] = [
  ['once', 'permissionOnce', ''],
  ['always', 'permissionAlways', ''],
  ['read', 'permissionRead', ''],
  ['deny', 'permissionDeny', 'danger'],
];

interface BoxProps {
  request: PermissionRequest;
  onAnswer(requestId: string, decision: SiteDecision): void;
}

/** The agent waits here until the person allows the site (once, always or to read only) or denies it. */
export function PermissionBox({ request, onAnswer }: BoxProps) {
  // The box stays until the agent's decision event arrives; a second click must not answer twice.
  const [sentFor, setSentFor] = useState<string | null>(null);
  const sent = sentFor === request.requestId;
  const id = `permission-${request.requestId}`;
  return (
    <fieldset
      class="permission"
      aria-describedby={`${id}-why ${id}-hint`}
      data-testid="permission"
      data-origin={request.origin}
    >
      <legend id={`${id}-heading`}>
        {t(request.why.kind === 'act' || request.why.kind === 'frame' ? 'permissionHeadingAct' : 'permissionHeading')}
      </legend>
      <p class="permission-origin" data-testid="permission-origin">
        <code>{request.origin}</code>
      </p>
      <p id={`${id}-why`} data-testid="permission-why">
        {permissionWhy(request.why)}
      </p>
      <p id={`${id}-hint`} class="meta">
        {t('permissionOnceHint')} {t('permissionReadHint')}
      </p>
      <AnswerButtons
        answers={ANSWERS}
        prefix="permission"
        sent={sent}
        sentLabel="permissionSent"
        onAnswer={(decision) => {
          setSentFor(request.requestId);
          onAnswer(request.requestId, decision);
        }}
      />
    </fieldset>
  );
}

const OUTCOME: Record<PermissionView['by'], (decision: SiteDecision) => MessageKey> = {
  person: (decision) =>
    decision === 'deny'
      ? 'permissionDenied'
      : decision === 'always'
        ? 'permissionAllowedAlways'
        : decision === 'read'
          ? 'permissionAllowedRead'
          : 'permissionAllowedOnce',
  block_list: () => 'permissionBlocked',
  allow_list: () => 'permissionAllowList',
  instruction: () => 'permissionInstruction',
  plan: () => 'permissionPlan',
  consent: () => 'permissionByConsent',
};

export function permissionLine(view: PermissionView): string {
  return t('permissionLine', view.step, view.origin, t(OUTCOME[view.by](view.decision)));
}

/** The sites settled for the task, as the task record keeps them. */
export function PermissionList({ taskId, permissions }: { taskId: string; permissions: readonly PermissionView[] }) {
  if (permissions.length === 0) return null;
  const headingId = `permissions-${taskId}`;
  return (
    <section class="permissions" aria-labelledby={headingId} data-testid="permissions">
      <h3 id={headingId}>{t('permissionsHeading')}</h3>
      <ul>
        {permissions.map((view, index) => (
          // Decisions are appended, never reordered, so the index is a stable key.
          <li key={index} data-testid="permission-record" data-decision={view.decision} data-by={view.by}>
            {permissionLine(view)}
          </li>
        ))}
      </ul>
    </section>
  );
}
