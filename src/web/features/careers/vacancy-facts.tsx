import { useTranslation } from '../../lib/translation.ts';
import type { Vacancy } from '../../../common/careers.ts';

/** Department, place and kind of contract, in one line. */
export function VacancyFacts({ vacancy }: { vacancy: Vacancy }) {
  const { t } = useTranslation();
  const facts = [vacancy.department, vacancy.location, t(`careers.employment.${vacancy.employment_type}`)].filter(Boolean);
  return (
    <ul className="vacancy-facts">
      {facts.map((fact) => (
        <li key={fact}>{fact}</li>
      ))}
    </ul>
  );
}
