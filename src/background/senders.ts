// Who may use the relay. Extension pages are recognised by their URL, not by `sender.tab`: the panel opened as a
// tab has a tab too. Content scripts are ours (`sender.id`) and run in a tab whose page is not an extension page.
// A web page never reaches these listeners (there is no externally_connectable), and another extension's messages
// arrive on onMessageExternal, which nothing listens to; the id check is the second lock on that door.

type Sender = chrome.runtime.MessageSender;

export function extensionOrigin(): string {
  return chrome.runtime.getURL('');
}

function isOurs(sender: Sender): boolean {
  return typeof sender.id === 'string' && sender.id === chrome.runtime.id;
}

function onExtensionOrigin(url: string | undefined): boolean {
  return typeof url === 'string' && url.startsWith(extensionOrigin());
}

export function isExtensionPage(sender: Sender): boolean {
  return isOurs(sender) && onExtensionOrigin(sender.url);
}

export function isOwnContentScript(sender: Sender): boolean {
  // A content script always knows the page it runs in; a sender without a URL is not one we can place.
  return (
    isOurs(sender) &&
    typeof sender.tab?.id === 'number' &&
    typeof sender.url === 'string' &&
    !onExtensionOrigin(sender.url)
  );
}
