/**
 * Every ISO 3166-1 alpha-2 country code (249), grouped by the news region used for filtering.
 * Names are not stored: they come from the runtime's CLDR data (Intl.DisplayNames) in each locale.
 * Ids are assigned in alphabetical order of the code when seeded, so they are stable across installs.
 */
export const COUNTRIES_BY_REGION: Record<string, readonly string[]> = {
  europe: [
    'AD', 'AL', 'AT', 'AX', 'BA', 'BE', 'BG', 'BY', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FO', 'FR',
    'GB', 'GG', 'GI', 'GR', 'HR', 'HU', 'IE', 'IM', 'IS', 'IT', 'JE', 'LI', 'LT', 'LU', 'LV', 'MC', 'MD', 'ME',
    'MK', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'RS', 'RU', 'SE', 'SI', 'SJ', 'SK', 'SM', 'UA', 'VA',
  ],
  'middle-east': ['AE', 'BH', 'EG', 'IL', 'IQ', 'IR', 'JO', 'KW', 'LB', 'OM', 'PS', 'QA', 'SA', 'SY', 'TR', 'YE'],
  asia: [
    'AF', 'AM', 'AZ', 'BD', 'BN', 'BT', 'CC', 'CN', 'CX', 'GE', 'HK', 'ID', 'IN', 'IO', 'JP', 'KG', 'KH', 'KP',
    'KR', 'KZ', 'LA', 'LK', 'MM', 'MN', 'MO', 'MV', 'MY', 'NP', 'PH', 'PK', 'SG', 'TH', 'TJ', 'TL', 'TM', 'TW',
    'UZ', 'VN',
  ],
  africa: [
    'AO', 'BF', 'BI', 'BJ', 'BW', 'CD', 'CF', 'CG', 'CI', 'CM', 'CV', 'DJ', 'DZ', 'EH', 'ER', 'ET', 'GA', 'GH',
    'GM', 'GN', 'GQ', 'GW', 'KE', 'KM', 'LR', 'LS', 'LY', 'MA', 'MG', 'ML', 'MR', 'MU', 'MW', 'MZ', 'NA', 'NE',
    'NG', 'RE', 'RW', 'SC', 'SD', 'SH', 'SL', 'SN', 'SO', 'SS', 'ST', 'SZ', 'TD', 'TG', 'TN', 'TZ', 'UG', 'YT',
    'ZA', 'ZM', 'ZW',
  ],
  'north-america': ['BM', 'CA', 'GL', 'PM', 'UM', 'US'],
  'latin-america': [
    'AG', 'AI', 'AR', 'AW', 'BB', 'BL', 'BO', 'BQ', 'BR', 'BS', 'BZ', 'CL', 'CO', 'CR', 'CU', 'CW', 'DM', 'DO',
    'EC', 'FK', 'GD', 'GF', 'GP', 'GS', 'GT', 'GY', 'HN', 'HT', 'JM', 'KN', 'KY', 'LC', 'MF', 'MQ', 'MS', 'MX',
    'NI', 'PA', 'PE', 'PR', 'PY', 'SR', 'SV', 'SX', 'TC', 'TT', 'UY', 'VC', 'VE', 'VG', 'VI',
  ],
  oceania: [
    'AS', 'AU', 'CK', 'FJ', 'FM', 'GU', 'HM', 'KI', 'MH', 'MP', 'NC', 'NF', 'NR', 'NU', 'NZ', 'PF', 'PG', 'PN',
    'PW', 'SB', 'TK', 'TO', 'TV', 'VU', 'WF', 'WS',
  ],
};

/** Antarctic territories belong to no news region. */
export const COUNTRIES_WITHOUT_REGION: readonly string[] = ['AQ', 'BV', 'TF'];
