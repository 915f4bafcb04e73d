import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

/** A Kubernetes object as a manifest holds it. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** What a build read and made: the objects, and every file it used (absolute paths). */
export interface Build {
  objects: K8sObject[];
  /** kustomization.yaml files, resources and patches. */
  files: Set<string>;
  /** The patch files among them: partial objects, checked as such. */
  patchFiles: Set<string>;
}

/**
 * The fields of a kustomization this build carries out. Anything else stops it: a field it skipped
 * would leave the test checking something other than what `kubectl apply -k` applies.
 */
const FIELDS = {
  Kustomization: { apiVersion: 'kustomize.config.k8s.io/v1beta1', fields: ['apiVersion', 'kind', 'namespace', 'resources', 'components', 'images', 'patches'] },
  Component: { apiVersion: 'kustomize.config.k8s.io/v1alpha1', fields: ['apiVersion', 'kind', 'resources', 'components', 'images', 'patches'] },
} as const;
type LayerKind = keyof typeof FIELDS;

/** API groups whose objects kustomize patches with JSON merge semantics (custom resources: lists are replaced). */
const JSON_MERGE_GROUPS = new Set(['keda.sh']);

/** Every YAML document of a file, as plain data; a document that does not parse stops the read. */
export function readYamlDocuments(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((doc, i) => {
    if (doc.errors.length > 0) throw new Error(`${file}, document ${i + 1}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as unknown;
  });
}

/**
 * `kustomize build` of a directory, done by reading the files: resources (files or directories),
 * components, patches, images and namespace, in kustomize's order (a layer's resources, then its
 * components, then its own patches, images and namespace). `build(dir, [component])` is what an
 * overlay applies whose resources are `dir` and whose components are `[component]`.
 */
export function build(dir: string, components: string[] = []): Build {
  const out: Build = { objects: [], files: new Set(), patchFiles: new Set() };
  out.objects = buildLayer(resolve(dir), 'Kustomization', [], out);
  for (const component of components) out.objects = buildLayer(resolve(component), 'Component', out.objects, out);
  return out;
}

function buildLayer(dir: string, kind: LayerKind, inherited: K8sObject[], out: Build): K8sObject[] {
  const file = join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`${dir}: no kustomization.yaml`);
  out.files.add(file);
  const docs = readYamlDocuments(file);
  if (docs.length !== 1) throw new Error(`${file}: one document expected, found ${docs.length}`);
  const k = docs[0] as Record<string, unknown>;
  const spec = FIELDS[kind];
  if (k.kind !== kind || k.apiVersion !== spec.apiVersion) throw new Error(`${file}: expected ${spec.apiVersion} ${kind}, found ${String(k.apiVersion)} ${String(k.kind)}`);
  const unsupported = Object.keys(k).filter((key) => !(spec.fields as readonly string[]).includes(key));
  if (unsupported.length > 0) throw new Error(`${file}: this build does not carry out ${unsupported.join(', ')}`);

  let objects = inherited.map((o) => structuredClone(o));
  for (const entry of list<string>(k.resources, file, 'resources')) {
    const path = resolve(dir, entry);
    if (!existsSync(path)) throw new Error(`${file}: resource ${entry} does not exist`);
    if (statSync(path).isDirectory()) {
      objects.push(...buildLayer(path, 'Kustomization', [], out));
    } else {
      out.files.add(path);
      objects.push(...readYamlDocuments(path).map((doc) => asObject(doc, path)));
    }
  }
  for (const entry of list<string>(k.components, file, 'components').map((c) => resolve(dir, c))) {
    if (!existsSync(entry) || !statSync(entry).isDirectory()) throw new Error(`${file}: component ${entry} is not a directory`);
    objects = buildLayer(entry, 'Component', objects, out);
  }
  for (const patch of list<Record<string, unknown>>(k.patches, file, 'patches')) objects = applyPatch(objects, dir, patch, file, out);
  for (const image of list<Record<string, string>>(k.images, file, 'images')) setImage(objects, image, file);
  if (typeof k.namespace === 'string') for (const o of objects) o.metadata.namespace = k.namespace;
  findDuplicates(objects, file);
  return objects;
}

function list<T>(value: unknown, file: string, field: string): T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${file}: ${field} must be a list`);
  return value as T[];
}

function asObject(doc: unknown, file: string): K8sObject {
  const o = doc as Partial<K8sObject> | null;
  if (o === null || typeof o !== 'object' || typeof o.apiVersion !== 'string' || typeof o.kind !== 'string' || typeof o.metadata?.name !== 'string') {
    throw new Error(`${file}: a document without apiVersion, kind and metadata.name`);
  }
  return o as K8sObject;
}

/** A patch from a file, aimed by its own apiVersion, kind and name (kustomize's patchesStrategicMerge form). */
function applyPatch(objects: K8sObject[], dir: string, entry: Record<string, unknown>, file: string, out: Build): K8sObject[] {
  const keys = Object.keys(entry);
  if (keys.length !== 1 || typeof entry.path !== 'string') {
    throw new Error(`${file}: this build carries out patches given as { path } only, found { ${keys.join(', ')} }`);
  }
  const path = resolve(dir, entry.path);
  if (!existsSync(path)) throw new Error(`${file}: patch ${entry.path} does not exist`);
  out.files.add(path);
  out.patchFiles.add(path);
  const docs = readYamlDocuments(path).map((doc) => asObject(doc, path));
  for (const patch of docs) {
    const group = patch.apiVersion.includes('/') ? patch.apiVersion.split('/')[0] : '';
    if (!JSON_MERGE_GROUPS.has(group) && containsList(patch)) {
      throw new Error(`${path}: a patch with a list on ${patch.kind} is merged by key by kustomize, which this build does not do`);
    }
    const targets = objects.filter((o) => o.apiVersion === patch.apiVersion && o.kind === patch.kind && o.metadata.name === patch.metadata.name);
    if (targets.length !== 1) throw new Error(`${path}: patches ${patch.kind} ${patch.metadata.name}, which the build has ${targets.length} of`);
    objects = objects.map((o) => (o === targets[0] ? (mergePatch(o, patch) as K8sObject) : o));
  }
  return objects;
}

function containsList(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  return value !== null && typeof value === 'object' && Object.values(value).some(containsList);
}

/** RFC 7386 JSON merge patch: objects merge, null deletes, anything else replaces. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const result: Record<string, unknown> = target !== null && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/** kustomize's `images`: containers whose image name is `name` get newName, newTag or digest. */
function setImage(objects: K8sObject[], image: Record<string, string>, file: string): void {
  const extra = Object.keys(image).filter((key) => !['name', 'newName', 'newTag', 'digest'].includes(key));
  if (extra.length > 0 || typeof image.name !== 'string') throw new Error(`${file}: images entry with ${extra.join(', ') || 'no name'}`);
  let matched = 0;
  for (const container of podContainers(objects)) {
    const ref = parseImage(container.image);
    if (ref.name !== image.name) continue;
    matched++;
    const name = image.newName ?? ref.name;
    const digest = image.digest ?? (image.newTag === undefined ? ref.digest : undefined);
    const tag = image.digest !== undefined ? undefined : (image.newTag ?? ref.tag);
    container.image = `${name}${tag === undefined ? '' : `:${tag}`}${digest === undefined ? '' : `@${digest}`}`;
  }
  if (matched === 0) throw new Error(`${file}: images entry ${image.name} names no container's image`);
}

/** The containers (and init containers) of every object with a pod template. */
export function podContainers(objects: K8sObject[]): { name: string; image: string; [field: string]: unknown }[] {
  return objects.flatMap((o) => {
    const pod = (o.spec as { template?: { spec?: { containers?: unknown[]; initContainers?: unknown[] } } } | undefined)?.template?.spec;
    return [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])] as { name: string; image: string }[];
  });
}

/** `registry:5000/a/b:tag@sha256:...` -> name, tag, digest (a colon after the last slash starts the tag). */
export function parseImage(image: string): { name: string; tag?: string; digest?: string } {
  const [rest, digest] = image.split('@', 2);
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) return { name: rest.slice(0, colon), tag: rest.slice(colon + 1), digest };
  return { name: rest, digest };
}

function findDuplicates(objects: K8sObject[], file: string): void {
  const seen = new Set<string>();
  for (const o of objects) {
    const id = `${o.apiVersion} ${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`;
    if (seen.has(id)) throw new Error(`${file}: ${id} appears twice`);
    seen.add(id);
  }
}
