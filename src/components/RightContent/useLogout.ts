import { history, useModel } from '@umijs/max';
import { useCallback } from 'react';
import { logout } from '@/services/auth';
import { handledHere } from '@/utils/failure';
import { clearSession, readToken } from '@/utils/session';
import defaultSettings from '../../../config/defaultSettings';

/**
 * Logout of spec section 4: the server call first, then currentUser cleared and the stored session removed, then
 * `target` (/home from the user menu, /user/login from the login entry).
 */
export function useLogout(): (target: string) => Promise<void> {
  const { setInitialState } = useModel('@@initialState');
  return useCallback(
    async (target: string) => {
      if (readToken()) {
        // A failed server logout must not keep anyone logged in here; the token expires on the server anyway.
        await logout(handledHere).catch(() => undefined);
      }
      await setInitialState((state) => ({ settings: defaultSettings, ...state, currentUser: undefined }));
      clearSession();
      history.push(target);
    },
    [setInitialState],
  );
}
