import { fileURLToPath } from 'node:url';
import { createUiConfig } from '@platzbuchung/ui/build/webpack.mjs';

/**
 * The auth remote: one exposed module per screen, so a screen's code loads only when its route
 * opens. Each exposes a default component taking `RemoteScreenProps` (packages/host/src/contract.ts).
 * The API renders the anonymous ones ahead of the browser from the same modules
 * (server-render.build.mjs).
 */
export const exposes = {
  './Landing': './src/features/landing/Landing.tsx',
  './SignUp': './src/features/signup/SignUp.tsx',
  './ClubRegistration': './src/features/club-registration/ClubRegistration.tsx',
  './Login': './src/features/login/Login.tsx',
  './ForgotPassword': './src/features/password/ForgotPassword.tsx',
  './ResetPassword': './src/features/password/ResetPassword.tsx',
  './ConfirmEmail': './src/features/email-confirmation/ConfirmEmail.tsx',
  './Account': './src/features/account/Account.tsx',
};

export default createUiConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  name: 'auth',
  exposes,
});
