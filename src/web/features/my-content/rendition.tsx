import { useTranslation } from '../../lib/translation.ts';
import { renditionParts, type RenditionFields } from './my-content-view.ts';

/**
 * A file's rendition: quality, container, format and, when branded, the logo's place. Each part is
 * isolated so "1080p" and "MP4" keep their order inside an Arabic line.
 */
export function Rendition({ rendition }: { rendition: RenditionFields }) {
  const { t } = useTranslation();
  const parts = renditionParts(rendition);
  const texts = [
    parts.quality,
    parts.container,
    t(`myContent.format_${parts.format}`),
    ...(parts.logo ? [t('myContent.logoAt', { position: t(`myContent.logo_${parts.logo}`) })] : []),
  ];
  return (
    <span className="rendition" data-testid="rendition">
      {texts.map((text) => (
        <span key={text} className="rendition__part">
          <bdi>{text}</bdi>
        </span>
      ))}
    </span>
  );
}
