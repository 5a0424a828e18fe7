// The part of GitHub's GraphQL schema the local GitHub answers, cut out of GitHub's own published
// schema (`@octokit/graphql-schema`, its introspection JSON): the types and fields below keep
// GitHub's names, arguments, types and nullability exactly, and a query is validated against them
// as GitHub validates it. A field GitHub has and the local GitHub does not answer is absent here,
// so a query that asks for it is refused at validation ("Cannot query field …"): it fails loudly
// instead of being answered with a guess.
import {
  buildClientSchema,
  type GraphQLSchema,
  type IntrospectionField,
  type IntrospectionQuery,
  type IntrospectionType,
  type IntrospectionTypeRef,
} from 'graphql';

/** The object and interface types kept, each with the fields the local GitHub answers. */
const KEPT: Record<string, readonly string[]> = {
  Query: ['repository'],
  Repository: ['isPrivate', 'nameWithOwner', 'ref', 'object'],
  Ref: ['name', 'prefix', 'target'],
  GitObject: ['oid'],
  Commit: ['oid', 'tree', 'file'],
  Tree: ['oid', 'entries'],
  TreeEntry: ['name', 'nameRaw', 'path', 'type', 'mode', 'oid', 'size', 'object'],
  Blob: ['oid', 'byteSize', 'isBinary', 'isTruncated', 'text'],
};

/** The scalars those fields and their arguments use. */
const SCALARS = new Set(['String', 'Int', 'Boolean', 'ID', 'GitObjectID', 'Base64String']);

let built: Promise<GraphQLSchema> | undefined;

/** The kept schema, built once per process on the first query that needs it (about 0.3 s). */
export function repositorySchema(): Promise<GraphQLSchema> {
  built ??= import('@octokit/graphql-schema').then(({ schema }) =>
    buildClientSchema(pruned(schema.json as unknown as IntrospectionQuery)),
  );
  return built;
}

function named(ref: IntrospectionTypeRef): string {
  let at: IntrospectionTypeRef = ref;
  while ('ofType' in at && at.ofType) at = at.ofType;
  return (at as { name: string }).name;
}

function pruned(full: IntrospectionQuery): IntrospectionQuery {
  const types: IntrospectionType[] = [];
  for (const type of full.__schema.types) {
    if (SCALARS.has(type.name) && type.kind === 'SCALAR') {
      types.push(type);
      continue;
    }
    const fields = KEPT[type.name];
    if (fields === undefined || (type.kind !== 'OBJECT' && type.kind !== 'INTERFACE')) continue;
    const kept: IntrospectionField[] = type.fields.filter((f) => fields.includes(f.name));
    if (kept.length !== fields.length)
      throw new Error(
        `GitHub's schema has no ${type.name}.${fields.find((f) => !kept.some((k) => k.name === f))}`,
      );
    for (const field of kept)
      for (const typeRef of [field.type, ...field.args.map((a) => a.type)]) {
        const name = named(typeRef);
        if (!SCALARS.has(name) && KEPT[name] === undefined)
          throw new Error(`${type.name}.${field.name} uses ${name}, which is not kept`);
      }
    if (type.kind === 'OBJECT')
      types.push({
        ...type,
        fields: kept,
        interfaces: type.interfaces.filter((i) => KEPT[i.name] !== undefined),
      });
    else
      types.push({
        ...type,
        fields: kept,
        interfaces: (type.interfaces ?? []).filter((i) => KEPT[i.name] !== undefined),
        possibleTypes: type.possibleTypes.filter((t) => KEPT[t.name] !== undefined),
      });
  }
  return {
    __schema: {
      queryType: { kind: 'OBJECT', name: 'Query' },
      mutationType: null,
      subscriptionType: null,
      types,
      directives: full.__schema.directives.filter((d) =>
        d.args.every((a) => SCALARS.has(named(a.type))),
      ),
    },
  } as IntrospectionQuery;
}
