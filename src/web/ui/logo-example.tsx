import type { LogoPosition } from '../../common/catalogue-values.ts';
import { logoMarkClass } from './logo-positions.ts';
import './logo-example.css';

/**
 * A 16:9 frame with the customer's logo in one of the six positions of branded footage. The frame
 * is a picture: its left corner is the left corner in every language, so it is drawn left to right
 * even on Arabic pages.
 */
export function LogoExample({ position }: { position: LogoPosition }) {
  return (
    <span className="logo-example" dir="ltr" aria-hidden>
      <span className={logoMarkClass(position)} />
    </span>
  );
}
