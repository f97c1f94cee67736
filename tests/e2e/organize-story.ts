import type { SeedUser } from "./users";

/*
 * Issue 19's story from end to end (organize-story.spec.ts): an administrator builds a keyword
 * taxonomy on a field, an editor tags an asset from it, a visitor narrows the archive by it in the
 * navigation pane. Each project has its own field, archive and people; the seed
 * (scripts/seeds/organize-story.ts) leaves the field without a taxonomy.
 */

const PROJECTS = ["js", "nojs"] as const;

export const storyAdmin = (project: string) => `story-admin-${project}`;
export const storyEditor = (project: string) => `story-editor-${project}`;
export const storyVisitor = (project: string) => `story-visitor-${project}`;
export const storyField = (project: string) => `OS ${project} terms`;
export const storyArchive = (project: string) => `OS ${project}`;
export const STORY_GROUP = "Story taxonomists";
export const STORY_ASSETS = { tagged: "story-boat.jpg", other: "story-tree.jpg" } as const;
export const STORY_TERM = "Harbour";

export const ORGANIZE_STORY_USERS: SeedUser[] = PROJECTS.flatMap((project): SeedUser[] => [
  { username: storyAdmin(project), fullName: `Story admin ${project}`, style: "light" },
  { username: storyEditor(project), fullName: `Story editor ${project}`, style: "light" },
  { username: storyVisitor(project), fullName: `Story visitor ${project}`, style: "light" },
]);
