import { AuditEntry } from '../../domain/audit';
import { AuditEntryResponseDto } from './dto/audit-entry-response.dto';

export function presentAuditEntry(entry: AuditEntry): AuditEntryResponseDto {
  const out: AuditEntryResponseDto = { id: entry.id, at: new Date(entry.at).toISOString(), keyId: entry.keyId, action: entry.action, target: entry.target };
  if (entry.details !== undefined) out.details = entry.details;
  return out;
}
