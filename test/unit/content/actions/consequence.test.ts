// @vitest-environment jsdom
// Whether a click or Enter would take a consequential step (src/content/actions/consequence/consequence.ts), on markup that is not
// the fixtures': other wordings, aria-labels, Chinese forms, buttons outside forms, and the steps that must not ask.

import { beforeEach, describe, expect, it } from 'vitest';
import { consequenceOf } from '../../../../src/content/actions/consequence/consequence';

const $ = (selector: string) => {
  const element = document.querySelector(selector);
  if (!element) throw new Error(`no ${selector}`);
  return element;
};
const kindOf = (selector: string, via: 'click' | 'enter' = 'click') => consequenceOf($(selector), via)?.kind ?? null;

beforeEach(() => {
  document.title = '';
  document.body.innerHTML = '';
});

describe('consequenceOf: steps that ask', () => {
  it('a card form is a payment whatever its button says; the card number keeps four digits, the code none', () => {
    document.body.innerHTML = `
      <form method="post" action="/pay">
        <label>Name on card <input name="holder" value="Ada Lovelace"></label>
        <input aria-label="Card" autocomplete="cc-number" value="4242 4242 4242 4242">
        <input aria-label="CVC" autocomplete="cc-csc" value="123">
        <button id="go">Continue</button>
      </form>`;
    const step = consequenceOf($('#go'), 'click');
    expect(step).toMatchObject({ kind: 'payment', control: 'Continue', request: { method: 'post' } });
    expect(step?.request?.url).toMatch(/\/pay$/);
    expect(step?.fields).toEqual([
      { label: 'Name on card', value: 'Ada Lovelace' },
      { label: 'Card', value: '•••• 4242' },
      { label: 'CVC', value: '•••' },
    ]);
  });

  it('an order by its button, in English or Chinese, even in a GET form', () => {
    document.body.innerHTML = `
      <form action="/done" method="get"><input name="n" value="x"><button id="en">Complete my purchase</button></form>
      <form action="/ok"><input name="n" value="y"><input id="zh" type="submit" value="提交订单"></form>
      <div><button id="icon" aria-label="Buy it now"><svg></svg></button></div>`;
    expect(kindOf('#en')).toBe('order');
    expect(kindOf('#zh')).toBe('order');
    expect(kindOf('#icon')).toBe('order');
  });

  it('a post: a text body with Reply, 发表 or Send; Enter in a field of such a form too', () => {
    document.body.innerHTML = `
      <form method="post" id="a"><textarea aria-label="Your reply">Thanks!</textarea><button id="reply">Reply</button></form>
      <form method="post" id="b"><textarea name="c">好文</textarea><button id="zh">发表评论</button></form>
      <form id="c"><input id="subject" name="subject" value="Hi"><textarea name="body">Hello</textarea>
        <button>Send</button></form>`;
    expect(kindOf('#reply')).toBe('post');
    expect(kindOf('#zh')).toBe('post');
    expect(kindOf('#subject', 'enter')).toBe('post');
  });

  it('a sign-in by its password field, with no telling word; a one-time code; 登录', () => {
    document.body.innerHTML = `
      <form method="post"><input name="user" value="ada"><input id="pw" type="password" value="hunter2">
        <button id="next">Next</button></form>
      <form method="post"><input id="otp" autocomplete="one-time-code" value="123456"><button>Verify</button></form>
      <form method="post"><input name="phone" value="1"><button id="zh">登录</button></form>`;
    const step = consequenceOf($('#next'), 'click');
    expect(step?.kind).toBe('signin');
    expect(step?.fields).toContainEqual({ label: 'user', value: 'ada' });
    expect(step?.fields.map((field) => field.value)).toContain('••••');
    expect(JSON.stringify(step)).not.toContain('hunter2');
    expect(kindOf('#pw', 'enter')).toBe('signin');
    expect(kindOf('#otp', 'enter')).toBe('signin');
    expect(kindOf('#zh')).toBe('signin');
  });

  it('a sign-up by a new-password field or its words, 注册 included', () => {
    document.body.innerHTML = `
      <form method="post"><input type="email" value="a@b.c"><input autocomplete="new-password" type="password">
        <button id="go">Continue</button></form>
      <form method="post"><input name="email" value="a@b.c"><button id="join">Join now</button></form>
      <form method="post"><input name="phone" value="1"><button id="zh">立即注册</button></form>`;
    expect(kindOf('#go')).toBe('signup');
    expect(kindOf('#join')).toBe('signup');
    expect(kindOf('#zh')).toBe('signup');
  });

  it('a delete button outside any form (a script-driven app), by its text or its aria-label, 删除 too', () => {
    document.body.innerHTML = `
      <ul><li>Draft 1 <button id="del" type="button">Delete</button></li></ul>
      <div role="toolbar"><span id="icon" role="button" aria-label="Remove this post" tabindex="0">🗑</span></div>
      <div><a id="zh" href="#">删除</a></div>`;
    expect(kindOf('#del')).toBe('delete');
    expect(kindOf('#icon')).toBe('delete');
    expect(kindOf('#zh')).toBe('delete');
  });

  it("an account setting: Save on a page about the person's account, 保存 on 账户设置", () => {
    document.body.innerHTML = `
      <h1>Account settings</h1>
      <form method="post"><label>E-mail <input type="email" value="new@example.test"></label>
        <button id="save">Save changes</button></form>`;
    expect(kindOf('#save')).toBe('account');
    document.body.innerHTML = `
      <h2>账户设置</h2><form><input name="nick" value="小明"><button id="zh">保存</button></form>`;
    expect(kindOf('#zh')).toBe('account');
  });

  it('fails safe: a POST form whose purpose cannot be told is a submit', () => {
    document.body.innerHTML = `<form method="post" action="/x"><input name="a" value="1"><button id="go">OK</button></form>`;
    expect(consequenceOf($('#go'), 'click')).toMatchObject({ kind: 'submit', control: 'OK' });
  });
});

describe('consequenceOf: steps that do not ask', () => {
  it('a search box, by GET, role=search, or its button in a POST form', () => {
    document.body.innerHTML = `
      <form role="search" action="/find"><input id="q" type="search" name="q" value="fern"><button id="s">Go</button></form>
      <form method="post"><input id="q2" name="q" value="fern"><button id="s2">Search</button></form>
      <form method="post"><input id="q3" name="kw" value="蕨"><button>搜索</button></form>`;
    expect(kindOf('#s')).toBeNull();
    expect(kindOf('#q', 'enter')).toBeNull();
    expect(kindOf('#s2')).toBeNull();
    expect(kindOf('#q3', 'enter')).toBeNull();
  });

  it('a filter, a cart quantity, Add to cart, a newsletter checkbox', () => {
    document.body.innerHTML = `
      <form action="/plants"><label><input id="f" type="checkbox" name="pet-safe"> Pet safe</label>
        <button id="apply">Apply filters</button></form>
      <form method="post" action="/cart"><input id="qty" type="number" name="qty" value="2">
        <button id="upd">Update cart</button></form>
      <form method="post" action="/cart/add"><button id="add">Add to cart</button></form>
      <form method="post" action="/prefs"><label><input id="news" type="checkbox"> Send me the newsletter</label></form>`;
    expect(kindOf('#f')).toBeNull();
    expect(kindOf('#apply')).toBeNull();
    expect(kindOf('#qty', 'enter')).toBeNull();
    expect(kindOf('#upd')).toBeNull();
    expect(kindOf('#add')).toBeNull();
    expect(kindOf('#news')).toBeNull();
  });

  it('plain links (even named Sign in or Delete account), ordinary buttons, a Reply that opens a box', () => {
    document.body.innerHTML = `
      <a id="in" href="/login">Sign in</a> <a id="acct" href="/account/delete">Delete account</a>
      <button id="more" type="button">Show more</button>
      <div class="thread"><button id="reply" type="button">Reply</button></div>
      <header><button id="signin" type="button">Log in</button></header>`;
    expect(kindOf('#in')).toBeNull();
    expect(kindOf('#acct')).toBeNull();
    expect(kindOf('#more')).toBeNull();
    expect(kindOf('#reply')).toBeNull();
    expect(kindOf('#signin')).toBeNull();
  });

  it('Enter in a textarea or outside a form, and a GET form nothing tells apart', () => {
    document.body.innerHTML = `
      <textarea id="t">x</textarea><input id="lone" value="y">
      <form action="/next"><input id="g" name="page" value="2"><button>Next</button></form>`;
    expect(kindOf('#t', 'enter')).toBeNull();
    expect(kindOf('#lone', 'enter')).toBeNull();
    expect(kindOf('#g', 'enter')).toBeNull();
  });
});

describe('consequenceOf: Enter in a message box outside a form', () => {
  it('is a post when the box holds text and names itself for a message: a textarea, a contenteditable, 留言', () => {
    document.body.innerHTML = `
      <div class="chat"><textarea id="chat" aria-label="Message #general">see you at 5</textarea></div>
      <div id="reply" contenteditable="true" role="textbox" aria-label="Write a reply"><p>Thanks!</p></div>
      <textarea id="zh" placeholder="写下你的留言">好的</textarea>`;
    const chat = consequenceOf($('#chat'), 'enter');
    expect(chat).toMatchObject({ kind: 'post', control: 'Message #general' });
    expect(chat?.fields).toEqual([{ label: 'Message #general', value: 'see you at 5' }]);
    expect(kindOf('#reply p', 'enter')).toBe('post');
    expect(kindOf('#zh', 'enter')).toBe('post');
  });

  it('is no step when the box is empty, unnamed, an editor, or clicked rather than sent', () => {
    document.body.innerHTML = `
      <textarea id="empty" aria-label="Message"></textarea>
      <textarea id="notes">line one</textarea>
      <div id="doc" contenteditable="true" aria-label="Rich text editor"><p>Chapter one</p></div>
      <textarea id="clicked" aria-label="Comment">nice</textarea>`;
    expect(kindOf('#empty', 'enter')).toBeNull();
    expect(kindOf('#notes', 'enter')).toBeNull();
    expect(kindOf('#doc p', 'enter')).toBeNull();
    expect(kindOf('#clicked', 'click')).toBeNull();
  });
});

describe('consequenceOf: signals that must not mislead', () => {
  it('a sign-up form with a search field in it is still a sign-up; a POST search form is no step', () => {
    document.body.innerHTML = `
      <form><input type="search" name="q"><input type="password" value="x"><button id="join">Create account</button></form>
      <form method="post"><input type="search" name="q" value="moss"><button id="go">Go</button></form>`;
    expect(kindOf('#join')).toBe('signup');
    expect(kindOf('#go')).toBeNull();
  });

  it('a button that submits nothing is no step by the fields around it, only by its name', () => {
    document.body.innerHTML = `
      <form><input type="password" value="x"><button id="cancel" type="button">Cancel</button>
        <button id="draft" type="button">Save draft</button></form>
      <div><input type="password" value="x"><button id="spa" type="button">Sign in</button></div>`;
    expect(kindOf('#cancel')).toBeNull();
    expect(kindOf('#draft')).toBeNull();
    expect(kindOf('#spa')).toBe('signin');
  });
});
