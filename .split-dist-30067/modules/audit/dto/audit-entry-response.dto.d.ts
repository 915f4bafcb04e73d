export declare class AuditEntryResponseDto {
    id: string;
    at: string;
    keyId: string | null;
    action: string;
    target: string;
    details?: Record<string, unknown>;
}
export declare class AuditPageResponseDto {
    items: AuditEntryResponseDto[];
    nextCursor: string | null;
}
