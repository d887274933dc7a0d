/**
 * Resolves in a task of its own, so the work before and after it are separate tasks: the boot's
 * steps (running the module, the first render, opening the device's database) never add up to one
 * long task that holds the page. `scheduler.yield` where the browser has it (its continuation runs
 * before other queued work), else a message to this page (not clamped as a nested timer is).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
