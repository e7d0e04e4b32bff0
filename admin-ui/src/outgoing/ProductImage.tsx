import { Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** A product's image (100 px wide), or 'Image unavailable'. */
export const ProductImage = ({ product }: { product: { _id: string; name: string; image_extension: string | null } }) => {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  if (!product.image_extension || failed) return <Typography variant="caption">{translate('outgoing.image_unavailable')}</Typography>;
  return <img src={`/images/${product._id}${product.image_extension}`} alt={product.name} width={100} onError={() => setFailed(true)} />;
};
