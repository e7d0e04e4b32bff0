/**
 * Bench only, never loaded by the product: required with `node -r` into a second API process so
 * audit-posting.bench.ts can measure the same postings without the audit trail's insert (the
 * insert of its own, and the one a direct issue runs inside its posting statement: issue 17).
 */
import { AuditRepository } from '../src/audit/audit.repository';
import { AuditService } from '../src/audit/audit.service';

AuditRepository.prototype.insert = async () => undefined;
AuditService.prototype.statement = () => null;
