import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { auditValueText, type AuditChange } from '@inventory/common';
import { formatNumber } from '../common/format';
import type { AuditEvent } from './api';

/** How many changes an event shows before 'Show n more' (a creation lists every field). */
const SHOWN_CHANGES = 4;

/** The action's name (`audit.actions.*`), or the API's word for an action the UI does not know yet. */
export function useActionLabel(): (action: string) => string {
  const translate = useTranslate();
  return (action) => translate(`audit.actions.${action}`, { _: action });
}

/** The record kind's name (`audit.entities.*`), or the API's word. */
export function useEntityLabel(): (entity: string) => string {
  const translate = useTranslate();
  return (entity) => translate(`audit.entities.${entity}`, { _: entity });
}

/** Who did it: the recorded name and, when recorded, the role's name ("Abebe Kebede (Admin)"). */
export function useActorText(): (user: AuditEvent['user']) => string {
  const translate = useTranslate();
  return ({ name, role }) => (role ? `${name} (${translate(`roles.${role}`, { _: role })})` : name);
}

const LINE_FIELD = /^line (.+?)(?: (unitPrice|purchasedPrice|depreciationRate))?$/;

const isQuantity = (value: unknown): value is { name: string; value: number }[] =>
  Array.isArray(value) && value.length > 0 && value.every((q) => q && typeof q === 'object' && 'name' in q && typeof (q as { value?: unknown }).value === 'number');

/**
 * A change as one line, `field: before -> after`, in the UI language (issue 18): each segment of the
 * stored field path through `audit.fields`, `line <product>` through `audit.line`, statuses and yes/no
 * through `audit.values`, quantities as "3 pcs"; anything else as stored.
 */
function useChangeText(): (change: AuditChange) => string {
  const translate = useTranslate();
  const named = (group: string, name: string) => translate(`audit.${group}.${name}`, { _: name });
  const field = (path: string) => {
    const line = LINE_FIELD.exec(path);
    if (line) return [translate('audit.line', { name: line[1] }), ...(line[2] ? [named('fields', line[2])] : [])].join(' ');
    return path.split('.').map((segment) => (/^\w+$/.test(segment) ? named('fields', segment) : segment)).join('.');
  };
  const value = (v: unknown) => {
    if (isQuantity(v)) return v.map((q) => `${formatNumber(q.value)} ${q.name}`).join(', ');
    if (typeof v === 'boolean' || (typeof v === 'string' && /^[a-z_]+$/.test(v))) return named('values', String(v));
    return auditValueText(v);
  };
  return (c) => `${field(c.field)}: ${value(c.before)} -> ${value(c.after)}`;
}

/**
 * An event's changes, one `field: before -> after` line each (null as —, lists and objects
 * compactly), the first few at once and the rest behind 'Show n more'. Inline elements only, so it
 * may sit inside a list item's text.
 */
export const ChangeLines = ({ changes }: { changes: AuditChange[] }) => {
  const translate = useTranslate();
  const changeText = useChangeText();
  const [all, setAll] = useState(false);
  if (changes.length === 0) {
    return <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>{translate('audit.no_changes')}</Typography>;
  }
  const shown = all ? changes : changes.slice(0, SHOWN_CHANGES);
  const hidden = changes.length - SHOWN_CHANGES;
  return (
    <Box component="span" sx={{ display: 'block' }}>
      {shown.map((change, i) => (
        <Typography
          key={`${change.field}-${i}`} component="span" variant="body2" data-testid="audit-change"
          sx={{ display: 'block', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
        >
          {changeText(change)}
        </Typography>
      ))}
      {hidden > 0 && (
        <Button size="small" sx={{ px: 0, minWidth: 0 }} onClick={() => setAll((a) => !a)} aria-expanded={all}>
          {all ? translate('audit.fewer_changes') : translate('audit.more_changes', { count: hidden })}
        </Button>
      )}
    </Box>
  );
};
