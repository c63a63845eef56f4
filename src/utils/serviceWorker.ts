/**
 * This app ships no service worker (the offline-app feature is off). On https, remove any registration and cache a
 * former deployment may have left, so no stale copy of the site is ever served (spec section 9).
 */
export async function removeServiceWorkers(): Promise<void> {
  if (window.location.protocol !== 'https:' || !('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  if ('caches' in window) {
    const keys = await caches.keys();
    await Promise.all(keys.map((key) => caches.delete(key)));
  }
}
