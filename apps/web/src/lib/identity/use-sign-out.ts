import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useAuth } from './auth-provider.tsx';

/** Sign out from anywhere (header, profile): the logout sequence, then /login; a failure says so. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await logout();
      navigate('/login', { replace: true });
    } catch (error) {
      console.error('Sign-out failed', error);
      toast.error('Signing out failed. Please try again.');
      setSigningOut(false);
    }
  }

  return { signOut, signingOut };
}
