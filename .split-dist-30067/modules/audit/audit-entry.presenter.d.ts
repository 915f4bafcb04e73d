import { AuditEntry } from '../../domain/audit';
import { AuditEntryResponseDto } from './dto/audit-entry-response.dto';
export declare function presentAuditEntry(entry: AuditEntry): AuditEntryResponseDto;
