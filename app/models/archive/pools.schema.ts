import { z } from "zod";
import { keyed } from "~/models/locale/keyed";

/*
 * The index browser's search (spec 001 sections 3 and 7, decision 042): the request the archive
 * dialog's index browser sends, read through this schema by the API and the no-JS page alike.
 */

export const indexSearchSchema = z.object({
  Query: z.string().max(1000, keyed("settings.indexBrowser.error.tooLong")).default(""),
  Username: z.string().max(200).default(""),
  Password: z.string().max(200).default(""),
  AllowInsecure: z.boolean().default(false),
});
export type IndexSearch = z.infer<typeof indexSearchSchema>;

export interface IndexFolder {
  Name: string;
  Path: string;
}

export interface IndexSearchAnswer {
  AuthenticationRequired: boolean;
  ConnectionFailed: boolean;
  ConnectionError: string;
  IsInsecure: boolean;
  ServerUri: string;
  Pools: IndexFolder[];
}

export interface PoolsAnswer {
  AllowExternalPath: boolean;
  AllowPoolManagement: boolean;
  Pools: { Id: string; Name: string; Path: string }[];
}
