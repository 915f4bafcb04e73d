import type { TransformerPackage } from '@nestjs/common/interfaces/external/transformer-package.interface';
/**
 * class-transformer for the validation pipe, plus what @OpaqueJson needs: after the DTO tree is
 * built (opaque properties skipped), each opaque property gets the request's value back as is,
 * or built as the DTO its `as` names (an http job's payload), so validation sees it.
 */
export declare const opaqueJsonTransformer: TransformerPackage;
