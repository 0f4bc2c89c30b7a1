import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/** The QR code as SVG; the library loads with the first one, not with the panel (the layout holds the enrollment page). */
async function qrCodeSvg(text: string): Promise<string> {
  // a CommonJS module: its exports are the default export (a named `toString` could be Object's own)
  const qrcode = (await import('qrcode')).default;
  return qrcode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

const t = (key: string) => `caredesk.security.totp.${key}`;

/** The key as people type it: groups of four. */
export const groupedKey = (secret: string) =>
  secret
    .replace(/\s+/g, '')
    .match(/.{1,4}/g)
    ?.join(' ') ?? '';

/** The otpauth URI as a QR code (an SVG image named for screen readers) and the key to type, grouped in fours. */
export const TotpSetupView = ({ otpauthUri, secret }: { otpauthUri: string; secret: string }) => {
  const translate = useTranslate();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    qrCodeSvg(otpauthUri).then(
      (image) => current && setSvg(image),
      () => current && setSvg(null),
    );
    return () => {
      current = false;
    };
  }, [otpauthUri]);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 2 }}>
      <Box sx={{ width: 168, height: 168, bgcolor: '#fff', flexShrink: 0 }}>
        {svg && (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt={translate(t('qr'))}
            width={168}
            height={168}
          />
        )}
      </Box>
      <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Typography variant="subtitle2" component="p">
          {translate(t('key'))}
        </Typography>
        <Typography
          sx={{ fontFamily: 'monospace', fontSize: '1.05rem', overflowWrap: 'anywhere' }}
          data-testid="totp-key"
        >
          {groupedKey(secret)}
        </Typography>
      </Box>
    </Box>
  );
};
