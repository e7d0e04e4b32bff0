import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import {
  Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip, Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import { imageUrl, type Product } from './product';
import { useSubmit } from '../common/useSubmit';

/** Upload limits of spec 5 / 9: JPG or PNG, under 2 MB. */
const MAX_BYTES = 2 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png'];

/** The add/replace modal: checks type and size before uploading (the server checks the content again). */
const UploadDialog = ({ product, onClose, onDone }: { product: Product; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { busy, attempt } = useSubmit();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!TYPES.includes(file.type)) return notify('products.image_type', { type: 'error' });
    if (file.size >= MAX_BYTES) return notify('products.image_size', { type: 'error' });
    const form = new FormData();
    form.append('product_image', file);
    await attempt(() => httpClient(`/images/save/product/${product._id}`, { method: 'POST', body: form }), 'products.image_added', onDone);
  };
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{translate(product.image_extension ? 'products.image_replace' : 'products.image_add')}: {product.name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>{translate('products.image_choose')}</Typography>
        <Button variant="contained" component="label" disabled={busy}>
          {translate('products.upload')}
          <input hidden type="file" accept=".jpg,.jpeg,.png,image/jpeg,image/png" aria-label="product_image"
            onChange={(e) => void upload(e.target.files?.[0])} />
        </Button>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{translate('app.cancel')}</Button></DialogActions>
    </Dialog>
  );
};

/**
 * The image column: a thumbnail that opens a 100 px preview, the add/replace modal for
 * warehouseAdmin, and N/A for other roles when there is no image.
 */
export const ImageCell = ({ product, manager, onChanged }: { product: Product; manager: boolean; onChanged: () => void }) => {
  const translate = useTranslate();
  const [preview, setPreview] = useState(false);
  const [uploading, setUploading] = useState(false);
  const label = translate(product.image_extension ? 'products.image_replace' : 'products.image_add');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {product.image_extension ? (
        <img src={imageUrl(product)} alt={product.name} width={40} style={{ cursor: 'pointer' }} onClick={() => setPreview(true)} />
      ) : (
        !manager && <Typography variant="body2">{translate('products.na')}</Typography>
      )}
      {manager && (
        <Tooltip title={label}>
          <IconButton size="small" aria-label={label} onClick={() => setUploading(true)}><AddPhotoIcon /></IconButton>
        </Tooltip>
      )}
      {preview && (
        <Dialog open onClose={() => setPreview(false)}>
          <DialogContent><img src={imageUrl(product)} alt={product.name} width={100} /></DialogContent>
        </Dialog>
      )}
      {uploading && (
        <UploadDialog product={product} onClose={() => setUploading(false)} onDone={() => { setUploading(false); onChanged(); }} />
      )}
    </Box>
  );
};
