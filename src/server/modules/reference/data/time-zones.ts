/**
 * The time zones offered to users (spec: accounts §3, "about 130 zones"): IANA identifiers, so the
 * browser can apply them with Intl, and current offsets are computed at request time (DST-aware).
 */
export const TIME_ZONES: readonly string[] = [
  'Etc/GMT+12', 'Pacific/Pago_Pago', 'Pacific/Honolulu', 'America/Juneau', 'America/Los_Angeles',
  'America/Tijuana', 'America/Denver', 'America/Phoenix', 'America/Mazatlan',
  'America/Chicago', 'America/Regina', 'America/Mexico_City', 'America/Guatemala',
  'America/New_York', 'America/Indiana/Indianapolis',
  'America/Bogota', 'America/Lima', 'America/Havana', 'America/Halifax', 'America/Caracas',
  'America/La_Paz', 'America/Santiago', 'America/Puerto_Rico', 'America/St_Johns',
  'America/Sao_Paulo', 'America/Argentina/Buenos_Aires', 'America/Montevideo', 'America/Guyana', 'America/Nuuk',
  'Atlantic/South_Georgia', 'Atlantic/Azores', 'Atlantic/Cape_Verde', 'Etc/UTC', 'Europe/Dublin', 'Europe/London',
  'Europe/Lisbon', 'Africa/Casablanca', 'Africa/Monrovia',
  'Europe/Belgrade', 'Europe/Bratislava', 'Europe/Budapest', 'Europe/Prague',
  'Europe/Warsaw', 'Europe/Brussels', 'Europe/Copenhagen', 'Europe/Madrid',
  'Europe/Paris', 'Europe/Amsterdam', 'Europe/Berlin', 'Europe/Zurich', 'Europe/Rome', 'Europe/Stockholm',
  'Europe/Vienna', 'Africa/Algiers', 'Africa/Lagos', 'Europe/Bucharest',
  'Africa/Cairo', 'Europe/Helsinki', 'Europe/Kyiv', 'Europe/Riga', 'Europe/Sofia', 'Europe/Tallinn',
  'Europe/Vilnius', 'Europe/Athens', 'Asia/Jerusalem', 'Asia/Beirut', 'Asia/Amman',
  'Asia/Damascus', 'Africa/Harare', 'Africa/Johannesburg', 'Europe/Kaliningrad', 'Europe/Istanbul',
  'Europe/Minsk', 'Europe/Moscow', 'Europe/Volgograd', 'Asia/Kuwait', 'Asia/Riyadh', 'Asia/Qatar', 'Asia/Baghdad',
  'Africa/Nairobi', 'Asia/Tehran', 'Europe/Samara', 'Asia/Dubai', 'Asia/Muscat', 'Asia/Baku',
  'Asia/Tbilisi', 'Asia/Yerevan', 'Asia/Kabul', 'Asia/Yekaterinburg', 'Asia/Karachi', 'Asia/Tashkent',
  'Asia/Kolkata', 'Asia/Colombo', 'Asia/Kathmandu', 'Asia/Almaty', 'Asia/Dhaka', 'Asia/Yangon',
  'Asia/Bangkok', 'Asia/Jakarta', 'Asia/Novosibirsk', 'Asia/Krasnoyarsk', 'Asia/Shanghai',
  'Asia/Hong_Kong', 'Asia/Urumqi', 'Asia/Kuala_Lumpur', 'Asia/Singapore', 'Asia/Taipei', 'Asia/Manila',
  'Australia/Perth', 'Asia/Irkutsk', 'Asia/Ulaanbaatar', 'Asia/Seoul', 'Asia/Tokyo', 'Asia/Yakutsk',
  'Australia/Darwin', 'Australia/Adelaide', 'Australia/Melbourne', 'Australia/Sydney', 'Australia/Brisbane',
  'Australia/Hobart', 'Asia/Vladivostok', 'Pacific/Guam', 'Pacific/Port_Moresby', 'Asia/Magadan',
  'Asia/Srednekolymsk', 'Pacific/Noumea', 'Pacific/Fiji', 'Asia/Kamchatka', 'Pacific/Majuro', 'Pacific/Auckland',
  'Pacific/Tongatapu', 'Pacific/Fakaofo', 'Pacific/Chatham', 'Pacific/Apia',
];
