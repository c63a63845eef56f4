import { history, useModel } from '@umijs/max';
import { useCallback } from 'react';
import { logout } from '@/services/auth';
import { handledHere } from '@/utils/failure';
import { clearSession, readToken } from '@/utils/session';
import { waitAtMost } from '@/utils/waitAtMost';
import defaultSettings from '../../../config/defaultSettings';

/**
 * How long logging out waits for the server's answer. A slow or unreachable server (a phone with no signal) does not
 * hold the person for the request's whole time limit: the call goes on without them, and a session it never reaches
 * expires on the server anyway.
 */
export const LOGOUT_SERVER_WAIT_MS = 2_000;

/**
 * Logout of spec section 4: the server call first (it carries the token), then currentUser cleared and the stored
 * session removed, then `target` (/home from the user menu, /user/login from the login entry).
 */
export function useLogout(): (target: string) => Promise<void> {
  const { setInitialState } = useModel('@@initialState');
  return useCallback(
    async (target: string) => {
      if (readToken()) {
        // A failed server logout must not keep anyone logged in here.
        await waitAtMost(
          logout(handledHere).catch(() => undefined),
          LOGOUT_SERVER_WAIT_MS,
        );
      }
      await setInitialState((state) => ({ settings: defaultSettings, ...state, currentUser: undefined }));
      clearSession();
      history.push(target);
    },
    [setInitialState],
  );
}
