import { styled } from '@linaria/react';
import { useEffect, useState } from 'react';

/**
 * The referral link as a QR image, drawn here by the `qrcode` library (no outside service sees the
 * link). Dark on white whatever the theme, with its quiet zone, so every phone reads it.
 */
export function ReferralQr({ link, label }: { link: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } }))
      .then((drawn) => live && setSvg(drawn))
      .catch((error: unknown) => console.error('QR code', error));
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <Frame>
      {svg ? <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} width={192} height={192} /> : <Placeholder aria-hidden="true" />}
    </Frame>
  );
}

const Frame = styled.div`
  width: 192px;
  height: 192px;
  border-radius: 8px;
  overflow: hidden;
  background: #fff;
  & img {
    display: block;
    width: 100%;
    height: 100%;
    image-rendering: pixelated;
  }
`;

const Placeholder = styled.div`
  width: 100%;
  height: 100%;
  background: var(--surface);
`;
