import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { makePrivateDir } from "~/lib/data-dir.server";
import { PGLITE_OPTIONS } from "./pglite-options";
import { withPreparedStatements } from "./pglite-prepared.server";

type ModeAttributes = { mode?: number };
/** The part of Emscripten's NODEFS (PGlite's view of the folder on disk) that sets files' modes. */
type NodeFsOperations = {
  node_ops: {
    mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown;
    setattr: (node: unknown, attributes: ModeAttributes) => void;
  };
  stream_ops: { setattr: (stream: unknown, attributes: ModeAttributes) => void };
};

const GROUP_AND_OTHER = 0o077;

function withoutGroupAndOther(attributes: ModeAttributes): ModeAttributes {
  return attributes.mode == null ? attributes : { ...attributes, mode: attributes.mode & ~GROUP_AND_OTHER };
}

/**
 * PGlite's WebAssembly PostgreSQL creates every file with an explicit
 * chmod to 0666 and every folder as 0777 minus the umask, so the data and
 * its write-ahead log were open to every user of the machine. Its
 * filesystem layer gets the group and other bits taken off every mode it
 * creates or sets.
 */
function keepOwnerOnly(nodefs: NodeFsOperations) {
  const { node_ops: nodeOps, stream_ops: streamOps } = nodefs;
  const { mknod, setattr } = nodeOps;
  const setStreamAttributes = streamOps.setattr;
  nodeOps.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHER, dev);
  nodeOps.setattr = (node, attributes) => setattr(node, withoutGroupAndOther(attributes));
  streamOps.setattr = (stream, attributes) => setStreamAttributes(stream, withoutGroupAndOther(attributes));
}

class OwnerOnlyNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS["init"]>) {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (module: { NODEFS: unknown }) => keepOwnerOnly(module.NODEFS as NodeFsOperations),
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

/** PGlite on `folder`, whose files only the server's own user may read or write; statements kept prepared. */
export function openPglite(folder: string) {
  // NodeFS would create a missing folder with the umask's mode.
  makePrivateDir(folder);
  return withPreparedStatements(new PGlite({ ...PGLITE_OPTIONS, fs: new OwnerOnlyNodeFS(folder) }));
}
