import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * The kinds the kit may ship: the model that validates each against its schema (the Kubernetes
 * OpenAPI schemas, and KEDA's for ScaledObject), and the TypeScript type of the same package, which
 * knows every field by name. A kind not listed here is an error, never skipped.
 */
const KINDS: Record<string, { model: new (data: never) => { validate(): void }; module: string; type: string }> = {
  'v1/ConfigMap': { model: ConfigMap, module: 'kubernetes-models/v1/ConfigMap', type: 'IConfigMap' },
  'v1/Secret': { model: Secret, module: 'kubernetes-models/v1/Secret', type: 'ISecret' },
  'v1/Service': { model: Service, module: 'kubernetes-models/v1/Service', type: 'IService' },
  'apps/v1/Deployment': { model: Deployment, module: 'kubernetes-models/apps/v1/Deployment', type: 'IDeployment' },
  'autoscaling/v2/HorizontalPodAutoscaler': { model: HorizontalPodAutoscaler, module: 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler', type: 'IHorizontalPodAutoscaler' },
  'policy/v1/PodDisruptionBudget': { model: PodDisruptionBudget, module: 'kubernetes-models/policy/v1/PodDisruptionBudget', type: 'IPodDisruptionBudget' },
  'keda.sh/v1alpha1/ScaledObject': { model: ScaledObject, module: '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject', type: 'IScaledObject' },
};

function kindOf(doc: unknown): (typeof KINDS)[string] {
  const { apiVersion, kind } = (doc ?? {}) as { apiVersion?: unknown; kind?: unknown };
  const entry = KINDS[`${String(apiVersion)}/${String(kind)}`];
  if (entry === undefined) throw new Error(`unknown kind ${String(apiVersion)}/${String(kind)}: add it to the kinds the manifest test knows`);
  return entry;
}

/** Validates one object against its kind's schema; throws naming each violation (wrong type, missing field). */
export function validateSchema(doc: unknown): void {
  new (kindOf(doc).model)(doc as never).validate();
}

/** One document for strictFieldErrors: `partial` for a patch, which may leave out required fields. */
export interface StrictDocument {
  label: string;
  doc: unknown;
  partial?: boolean;
}

/**
 * Fields the schemas do not know, by name. The JSON schemas admit any extra property (the
 * Kubernetes OpenAPI documents do not close their objects), so a misspelled `readinesProbe` would
 * pass validateSchema and be dropped, or refused, by the API server. TypeScript's check of object
 * literals against the same package's types refuses unknown properties at any depth, so each
 * document is written out as a typed constant and compiled (no emit). Returns one line per error.
 */
export function strictFieldErrors(documents: StrictDocument[]): string[] {
  const aliases = new Map<string, string>();
  const body = documents.map(({ doc, partial }, i) => {
    const { module, type } = kindOf(doc);
    const key = `${type} from '${module}'`;
    const alias = aliases.get(key) ?? `T${aliases.size}`;
    aliases.set(key, alias);
    return `export const doc${i}: ${partial ? `DeepPartial<${alias}>` : alias} = ${JSON.stringify(doc)};`;
  });
  const header = [...aliases].map(([key, alias]) => `import type { ${key.replace(' from ', ` as ${alias} } from `)};`);
  header.push('type DeepPartial<T> = T extends readonly (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;');
  // one document per line, after the header: a diagnostic's line names its document
  const source = [...header, ...body].join('\n');

  const file = join(__dirname, '__strict-fields.ts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2022.d.ts'],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => (name === file ? ts.createSourceFile(name, source, version) : getSourceFile(name, version, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  const sourceFile = program.getSourceFile(file)!;
  const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(), ...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
  return diagnostics.map((d) => {
    if (d.file !== sourceFile) return `the check itself: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    const { line } = sourceFile.getLineAndCharacterOfPosition(d.start ?? 0);
    const label = documents[line - header.length]?.label ?? `line ${line + 1} of the generated check`;
    const at = d.start === undefined ? '' : ` (at ${source.slice(d.start, d.start + (d.length ?? 0)).slice(0, 80)})`;
    return `${label}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}${at}`;
  });
}
