import { Dialog, DialogContent, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { InventoryItem } from './api';

/** The Product Image column: a link that opens the image at width 100, else 'Image unavailable'. */
export const ImagePreview = ({ product }: { product: InventoryItem['product'] }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!product.image_extension || failed) {
    return <Typography variant="body2" color="text.secondary">{translate('inventory.image_unavailable')}</Typography>;
  }
  const src = `/images/${product._id}${product.image_extension}`;
  return (
    <>
      <Link component="button" type="button" variant="body2" onClick={() => setOpen(true)} aria-label={`${translate('inventory.product_image')} ${product.name}`}>
        <img src={src} alt={product.name} width={40} onError={() => setFailed(true)} />
      </Link>
      {open && (
        <Dialog open onClose={() => setOpen(false)}>
          <DialogContent><img src={src} alt={product.name} width={100} /></DialogContent>
        </Dialog>
      )}
    </>
  );
};
