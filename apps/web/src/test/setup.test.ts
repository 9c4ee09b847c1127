import { describe, expect, it } from 'vitest';

describe('the test setup', () => {
  it("keeps a test file's BroadcastChannel messages from the files beside it in the process", async () => {
    // Another file's channel: Node's own BroadcastChannel, whose name the setup did not scope.
    const Native = Object.getPrototypeOf(BroadcastChannel) as typeof BroadcastChannel;
    const otherFile = new Native('boardwalk.session');
    const otherFileListener = new Native('boardwalk.session');
    const thisFile = new BroadcastChannel('boardwalk.session');
    const thisFileSender = new BroadcastChannel('boardwalk.session');
    const heard: unknown[] = [];
    thisFile.onmessage = (event: MessageEvent) => heard.push(event.data);
    const delivered = new Promise((resolve) => (otherFileListener.onmessage = (event) => resolve(event.data)));

    otherFile.postMessage('signout from another file');
    expect(await delivered).toBe('signout from another file');
    thisFileSender.postMessage('update from this file');
    await expect.poll(() => heard).toEqual(['update from this file']);
    for (const channel of [otherFile, otherFileListener, thisFile, thisFileSender]) channel.close();
  });
});
