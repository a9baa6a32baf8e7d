/** Register (docs/product.md#registration-and-login): five fields, the server's problems one per line for 5 s, a success popup. */
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBlock } from '../../../components/ui/error-block';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { Popup } from '../../../components/ui/popup';
import { TextField } from '../../../components/ui/text-field';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { loadingTexts, specTexts, titleTexts, useT } from '../../../lib/i18n';
import { useKnownShop } from '../../../lib/shop/shop';
import { storefrontTexts as y } from '../../../lib/shop/storefront.texts';
import { usePageTitle } from '../../../lib/use-page-title';
import { accountTexts as x } from '../account.texts';
import { type RegisterPayload, useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';

const EMPTY: RegisterPayload = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export default function RegisterPage() {
  const t = useT();
  const shop = useKnownShop();
  usePageTitle(titleTexts.register);
  const register = useRegister();
  const errors = useTimedMessage<string[]>();
  const [values, setValues] = useState<RegisterPayload>(EMPTY);
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const [isRegistered, setRegistered] = useState(false);

  const field = (name: keyof RegisterPayload) => ({
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    register.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        setRegistered(true);
      },
      onError: (error) => errors.show(errorMessages(error)),
    });
  };

  return (
    <>
      {register.isPending && <LoaderOverlay text={loadingTexts.validating} />}
      {isRegistered && (
        <Popup title={specTexts.registerSuccess}>
          <p className="text-sm text-stone-700">{t(x.confirmMailSent)}</p>
          <Link to={paths.login()} className="btn-primary">
            {t(x.login)}
          </Link>
        </Popup>
      )}
      <AuthCard
        heading={t(x.userRegister)}
        // The demo's lead keeps the spec's promise; a real shop's names the shop, nothing more (decision 0056).
        lead={shop?.demo === false ? t(y.registerLead, { shop: shop.name }) : t(x.registerLead)}
        icon="userPlus"
        footer={
          <Link to={paths.login()} className="font-semibold text-green-800 underline-offset-4 hover:underline">
            {t(x.alreadyRegistered)}
          </Link>
        }
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t(x.firstName)}
              name="firstName"
              autoComplete="given-name"
              required
              {...field('firstName')}
            />
            <TextField
              label={t(x.lastName)}
              name="lastName"
              autoComplete="family-name"
              required
              {...field('lastName')}
            />
          </div>
          <TextField
            label={t(x.email)}
            name="email"
            type="text"
            inputMode="email"
            autoComplete="email"
            required
            {...field('email')}
          />
          <PasswordField
            label={t(x.password)}
            name="password"
            autoComplete="new-password"
            {...field('password')}
            isVisible={isPasswordVisible}
            onToggle={() => setPasswordVisible((visible) => !visible)}
          />
          {/* The confirmation is shown as plain text (docs/product.md#shopper-screens). */}
          <TextField
            label={t(x.confirmPassword)}
            name="confirmPassword"
            autoComplete="new-password"
            required
            {...field('confirmPassword')}
          />
          <ErrorBlock variant="inline" messages={errors.message} />
          <button type="submit" className="btn-primary w-full" disabled={register.isPending}>
            {t(x.register)}
          </button>
        </form>
      </AuthCard>
    </>
  );
}
