export declare class WhoamiResponseDto {
    access: 'open' | 'write' | 'read';
    keyId: string | null;
}
