/**
 * The contacts each site variant shows (spec accounts §2: the footer's contacts; the Russian
 * variant's feedback bubble links to the same support address).
 */
export const SITE_CONTACTS = {
  standard: { email: 'sales@newsreel.example', phone: '+44 20 7946 0018', office: 'footer.office.london' },
  ru: { email: 'sales@ru.newsreel.example', phone: '+7 (495) 555-01-20', office: 'footer.office.moscow' },
} as const;
