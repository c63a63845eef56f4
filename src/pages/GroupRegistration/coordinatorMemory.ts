/** What a coordinator types on "Your Information", kept for their next group on this browser. */
export interface RememberedCoordinator {
  name: string;
  phone: string;
  organization: string;
}

/** One entry per account: someone else logging in on the same browser does not see these details. */
const keyOf = (accountId: string) => `group_coordinator:${accountId}`;

export function rememberCoordinator(accountId: string, coordinator: RememberedCoordinator): void {
  try {
    localStorage.setItem(keyOf(accountId), JSON.stringify(coordinator));
  } catch {
    // Storage full or refused (private browsing): the next group is typed again, nothing else changes.
  }
}

/** The details saved by this account's last group, or null when there are none (or they cannot be read). */
export function rememberedCoordinator(accountId: string): RememberedCoordinator | null {
  try {
    const kept = JSON.parse(localStorage.getItem(keyOf(accountId)) ?? 'null') as Partial<RememberedCoordinator> | null;
    if (typeof kept?.name !== 'string' || typeof kept.phone !== 'string' || typeof kept.organization !== 'string') {
      return null;
    }
    return { name: kept.name, phone: kept.phone, organization: kept.organization };
  } catch {
    return null;
  }
}
