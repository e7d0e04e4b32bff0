/**
 * Bench only, never loaded by the product: required with `node -r` into a second API process so
 * audit-posting.bench.ts can measure the same postings without the audit trail's insert.
 */
import { AuditRepository } from '../src/audit/audit.repository';

AuditRepository.prototype.insert = async () => undefined;
