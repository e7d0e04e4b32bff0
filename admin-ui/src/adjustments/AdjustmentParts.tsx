import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Adjustment } from './api';

/** An adjustment's status as a person reads it (text, never colour only). */
export const StatusText = ({ status }: { status: string }) => {
  const translate = useTranslate();
  return <>{translate(`adjustments.statuses.${status}`, { _: status })}</>;
};

/** An adjustment's reason as a person reads it. */
export const ReasonText = ({ reason }: { reason: string }) => {
  const translate = useTranslate();
  return <>{translate(`adjustments.reasons.${reason}`, { _: reason })}</>;
};

/** The product's name over its code. */
export const ProductText = ({ product }: { product: Adjustment['product'] }) => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}><strong>{product.name}</strong></Typography>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>{`${translate('adjustments.code')}: ${product.code}`}</Typography>
    </>
  );
};
