import type { AuthConfig, SecretSource } from '../../../../shared/a2a/auth';
import type { CardAuthChoice } from '../../../../shared/card/card-auth';
import type { Translate } from '../../i18n/i18n';

/**
 * What a card's security scheme offers, as one label ("Client credentials", "API key", …): the
 * card inspector's "Use the card's auth" and the card's "Save to spec" name the choices alike.
 */
export function cardAuthChoiceLabel(choice: CardAuthChoice, t: Translate): string {
  if (choice.flow) return t(`oauth.flow.${choice.flow}`);
  switch (choice.auth.type) {
    case 'apiKey':
      return t('auth.apiKey');
    case 'basic':
      return t('auth.basic');
    default:
      return t('auth.bearer');
  }
}

const named = (source: SecretSource | undefined): boolean =>
  source !== undefined && ('secretRef' in source ? source.secretRef.trim() !== '' : 'env' in source ? source.env.trim() !== '' : false);

/**
 * Everything the credential fields ask for is given, each secret as a stored name or a variable
 * (never a value typed into the request: what is applied or saved from a card holds names only).
 */
export function credentialsGiven(auth: AuthConfig): boolean {
  switch (auth.type) {
    case 'oauth2':
      return auth.clientId.trim() !== '' && (auth.clientSecret === undefined || named(auth.clientSecret));
    case 'apiKey':
      return named(auth.value);
    case 'bearer':
      return named(auth.token);
    case 'basic':
      return auth.username.trim() !== '' && named(auth.password);
    case 'none':
      return false;
  }
}
