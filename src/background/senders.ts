// Who may use the relay. Extension pages are recognised by their URL, not by `sender.tab`: the panel opened as a
// tab has a tab too. Content scripts are ours (`sender.id`) and run in a tab whose page is not an extension page.

type Sender = chrome.runtime.MessageSender;

export function extensionOrigin(): string {
  return chrome.runtime.getURL('');
}

export function isExtensionPage(sender: Sender): boolean {
  return sender.id === chrome.runtime.id && (sender.url?.startsWith(extensionOrigin()) ?? false);
}

export function isOwnContentScript(sender: Sender): boolean {
  return (
    sender.id === chrome.runtime.id &&
    typeof sender.tab?.id === 'number' &&
    !(sender.url?.startsWith(extensionOrigin()) ?? false)
  );
}
