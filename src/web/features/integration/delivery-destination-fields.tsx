import type { DeliveryRule, DeliveryRuleBody } from '../../../common/delivery-rules.ts';
import { useTranslation } from '../../lib/translation.ts';
import { SelectField, TextField } from '../../ui/field.tsx';

const PROTOCOLS = ['sftp', 'ftp', 's3'] as const;
type Protocol = (typeof PROTOCOLS)[number];

/** A rule's destination as typed: text for every field; the protocol says which of them count. */
export type DestinationForm = {
  protocol: Protocol;
  host: string;
  port: string;
  username: string;
  password: string;
  directory: string;
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** The destination's fields by the body's path, with their test ids. */
export const DESTINATION_FIELD_IDS = {
  'destination.host': 'delivery-rule-host',
  'destination.port': 'delivery-rule-port',
  'destination.username': 'delivery-rule-username',
  'destination.password': 'delivery-rule-password',
  'destination.directory': 'delivery-rule-directory',
  'destination.endpoint': 'delivery-rule-endpoint',
  'destination.region': 'delivery-rule-region',
  'destination.bucket': 'delivery-rule-bucket',
  'destination.prefix': 'delivery-rule-prefix',
  'destination.access_key_id': 'delivery-rule-access-key',
  'destination.secret_access_key': 'delivery-rule-secret-key',
} as const;
type DestinationPath = keyof typeof DESTINATION_FIELD_IDS;

/** The form of a kept destination (its secret is never read back: empty), or of a new one (SFTP). */
export function destinationFormOf(destination: DeliveryRule['destination'] | undefined): DestinationForm {
  const server = destination && destination.protocol !== 's3' ? destination : null;
  const bucket = destination?.protocol === 's3' ? destination : null;
  return {
    protocol: destination?.protocol ?? 'sftp',
    host: server?.host ?? '',
    port: server?.port ? String(server.port) : '',
    username: server?.username ?? '',
    password: '',
    directory: server?.directory ?? '',
    endpoint: bucket?.endpoint ?? '',
    region: bucket?.region ?? '',
    bucket: bucket?.bucket ?? '',
    prefix: bucket?.prefix ?? '',
    accessKeyId: bucket?.access_key_id ?? '',
    secretAccessKey: '',
  };
}

/** The destination the form says; an empty password or secret key is left out (a change keeps the stored one). */
export function destinationBodyOf(form: DestinationForm): DeliveryRuleBody['destination'] {
  if (form.protocol === 's3')
    return {
      protocol: 's3',
      endpoint: form.endpoint.trim() || null,
      region: form.region,
      bucket: form.bucket,
      prefix: form.prefix,
      access_key_id: form.accessKeyId,
      ...(form.secretAccessKey ? { secret_access_key: form.secretAccessKey } : {}),
    };
  return {
    protocol: form.protocol,
    host: form.host,
    port: form.port.trim() === '' ? null : Number(form.port),
    username: form.username,
    directory: form.directory,
    ...(form.password ? { password: form.password } : {}),
  };
}

type Props = {
  value: DestinationForm;
  onChange: (next: DestinationForm) => void;
  /** Field errors by the body's path. */
  errors: Record<string, string | undefined>;
  /** A change that keeps the destination's kind: an empty password or secret key keeps the stored one. */
  keepsSecret: boolean;
};

/** Where a rule delivers: the protocol switches between an FTP/SFTP server's fields and an S3 bucket's. */
export function DestinationFields({ value, onChange, errors, keepsSecret }: Props) {
  const { t } = useTranslation();
  const text = (key: keyof DestinationForm, path: DestinationPath) => ({
    value: value[key],
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [key]: event.target.value }),
    error: errors[path],
    dir: 'ltr',
    'data-testid': DESTINATION_FIELD_IDS[path],
  });
  const secretHint = t(keepsSecret ? 'deliveryRules.keepSecret' : 'deliveryRules.secretKept');
  return (
    <fieldset>
      <legend>{t('deliveryRules.destinationLegend')}</legend>
      <SelectField
        label={t('deliveryRules.protocol')}
        value={value.protocol}
        options={PROTOCOLS.map((protocol) => ({ value: protocol, label: t(`deliveryRules.protocols.${protocol}`) }))}
        onChange={(event) => onChange({ ...value, protocol: event.target.value as Protocol })}
        data-testid="delivery-rule-protocol"
      />
      {value.protocol === 's3' ? (
        <div className="delivery-rule-form__row">
          <TextField
            label={t('deliveryRules.endpoint')}
            hint={t('deliveryRules.endpointHint')}
            type="url"
            inputMode="url"
            {...text('endpoint', 'destination.endpoint')}
          />
          <TextField label={t('deliveryRules.region')} required {...text('region', 'destination.region')} />
          <TextField label={t('deliveryRules.bucket')} required {...text('bucket', 'destination.bucket')} />
          <TextField label={t('deliveryRules.prefix')} hint={t('deliveryRules.prefixHint')} {...text('prefix', 'destination.prefix')} />
          <TextField
            label={t('deliveryRules.accessKeyId')}
            autoComplete="off"
            required
            {...text('accessKeyId', 'destination.access_key_id')}
          />
          <TextField
            label={t('deliveryRules.secretAccessKey')}
            hint={secretHint}
            type="password"
            autoComplete="new-password"
            required={!keepsSecret}
            {...text('secretAccessKey', 'destination.secret_access_key')}
          />
        </div>
      ) : (
        <div className="delivery-rule-form__row">
          <TextField label={t('deliveryRules.host')} hint={t('deliveryRules.hostHint')} required {...text('host', 'destination.host')} />
          <TextField
            label={t('deliveryRules.port')}
            hint={t('deliveryRules.portHint')}
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            {...text('port', 'destination.port')}
          />
          <TextField label={t('deliveryRules.username')} autoComplete="off" required {...text('username', 'destination.username')} />
          <TextField
            label={t('deliveryRules.password')}
            hint={secretHint}
            type="password"
            autoComplete="new-password"
            required={!keepsSecret}
            {...text('password', 'destination.password')}
          />
          <TextField
            label={t('deliveryRules.directory')}
            hint={t('deliveryRules.directoryHint')}
            {...text('directory', 'destination.directory')}
          />
        </div>
      )}
    </fieldset>
  );
}
