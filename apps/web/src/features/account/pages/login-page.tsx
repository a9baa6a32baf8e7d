/** Login (docs/product.md#registration-and-login): email and password, a show/hide toggle, the server's error for 5 s, then home. */
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorBlock } from '../../../components/ui/error-block';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { TextField } from '../../../components/ui/text-field';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { loadingTexts, titleTexts, useLanguage, useT } from '../../../lib/i18n';
import { useKnownShop } from '../../../lib/shop/shop';
import { shopNameIn } from '../../../lib/shop/storefront';
import { storefrontTexts as y } from '../../../lib/shop/storefront.texts';
import { usePageTitle } from '../../../lib/use-page-title';
import { accountTexts as x } from '../account.texts';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';

/**
 * The login screen also stands in for pages that need a user (/Order/MyOrder...). There, once logged
 * in, the page asked for appears in its place; from /Login itself the shopper goes home.
 */
const isLoginRoute = (pathname: string) => /^\/(login|reset-password\/)/i.test(pathname);

export default function LoginPage() {
  const t = useT();
  const language = useLanguage();
  const shop = useKnownShop();
  usePageTitle(titleTexts.login);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const login = useLogin();
  const errors = useTimedMessage<string[]>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isPasswordVisible, setPasswordVisible] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    login.mutate(
      { email, password },
      {
        onSuccess: (data) => {
          if (!isLoginRoute(pathname)) return;
          // A real shop's owner logs in to run the shop: the dashboard (decision 0056); the demo keeps the spec's home.
          const toDashboard = shop?.demo === false && data.user.role === 'Admin';
          navigate(toDashboard ? paths.admin.home() : paths.home(), { replace: true });
        },
        onError: (error) => errors.show(errorMessages(error)),
      },
    );
  };

  return (
    <>
      {login.isPending && <LoaderOverlay text={loadingTexts.validating} />}
      <AuthCard
        heading={t(x.userLogin)}
        lead={t(x.loginLead)}
        footer={
          <>
            {t(y.newToShop, { shop: shopNameIn(shop?.name ?? 'Mandi', language) })}{' '}
            <Link to={paths.signup()} className="font-semibold text-green-800 underline-offset-4 hover:underline">
              {t(x.signUp)}
            </Link>
          </>
        }
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            label={t(x.email)}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={setEmail}
          />
          <PasswordField
            label={t(x.password)}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            isVisible={isPasswordVisible}
            onToggle={() => setPasswordVisible((visible) => !visible)}
          />
          <ErrorBlock variant="inline" messages={errors.message} />
          <div className="flex justify-end">
            <Link
              to={paths.forgotPassword()}
              className="text-sm font-semibold text-green-800 underline-offset-4 hover:underline"
            >
              {t(x.forgetPassword)}
            </Link>
          </div>
          <button type="submit" className="btn-primary w-full" disabled={login.isPending}>
            {t(x.login)}
          </button>
        </form>
      </AuthCard>
    </>
  );
}
