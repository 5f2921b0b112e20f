// The words a control's accessible name uses for a consequential step, in English and Chinese, one family per kind
// (issue 25). Words are one signal among several (consequence.ts weighs them with the form's fields and method): a
// family names the act ("place order", "删除"), never a page's exact text. English matches whole words, Chinese as
// written (it has no spaces between words).

import type { ConsentKind } from '../../../shared/consent-types';

/** Word families of the kinds a control's name can tell, strongest first where a name fits two. */
export const CONTROL_WORDS: readonly [ConsentKind, RegExp][] = [
  [
    'delete',
    /\b(delete|erase|destroy|deactivate|remove (my |this |the )?(account|profile|post|comment|message|repository|page)|close (my |this )?account)\b|删除|注销|移除(账户|帐户|账号)/,
  ],
  ['payment', /\b(pay|pay now|make (a )?payment|confirm payment|authori[sz]e payment)\b|支付|付款/],
  [
    'order',
    /\b(place (my |your |the )?order|submit (my |your |the )?order|confirm (my |your |the )?(order|purchase)|complete (my |your |the )?(order|purchase)|buy( it)? now|buy|purchase)\b|提交订单|确认订单|立即购买|下单|购买/,
  ],
  ['signup', /\b(sign ?up|create (an |my |your )?account|register|join now)\b|注册|创建(账户|帐户|账号)/],
  ['signin', /\b(sign ?in|log ?in|log on)\b|登录|登入|登陆/],
  [
    'post',
    /\b(post|publish|send|reply|comment|tweet|submit (a |your )?(comment|review|post|reply))\b|发布|发送|回复|评论|发表/,
  ],
  [
    'account',
    /\b(save( changes| settings| profile| preferences)?|update (my )?(profile|e-?mail|password|settings|account|details)|change (my )?(e-?mail|password|username))\b|保存|更新资料|修改密码|修改邮箱/,
  ],
];

/** Names of controls that change nothing of the person's: finding, filtering, sorting, a cart's contents. */
export const HARMLESS_WORDS =
  /\b(add to (cart|bag|basket|wish ?list)|update (cart|bag|basket|quantity)|save for later|save (as )?draft|search|filter|apply filters?|sort|show results)\b|加入购物车|更新购物车|搜索|筛选|排序|查找/;

/**
 * Names of a text box whose Enter sends what is in it (a chat or comment box driven by a script, with no form): the
 * box names itself for the message it holds.
 */
export const MESSAGE_BOX_WORDS =
  /\b(message|comment|reply|chat|write (a|an|your) (message|comment|reply|post)|say something|what'?s on your mind|tweet|post)\b|消息|留言|评论|回复|聊天|发送|发布/;

/** Where a page or form is about the person's account: its settings, profile or security. */
export const ACCOUNT_WORDS =
  /\b(settings|account|profile|preferences|security|privacy)\b|设置|账户|帐户|账号|个人资料|偏好|安全/;

/** Lowercased, spaces collapsed: how names are matched. */
export const wordsOf = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** The kind a control's name says, or null; `harmless` when it names a step that changes nothing of the person's. */
export function kindOfName(name: string): ConsentKind | 'harmless' | null {
  const words = wordsOf(name);
  if (words === '') return null;
  if (HARMLESS_WORDS.test(words)) return 'harmless';
  for (const [kind, pattern] of CONTROL_WORDS) if (pattern.test(words)) return kind;
  return null;
}
