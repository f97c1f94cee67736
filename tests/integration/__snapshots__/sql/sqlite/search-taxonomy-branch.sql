select "assets"."id", "assets"."archive_id", "assets"."folder_id", "assets"."file_name", "assets"."state", "assets"."failure", "assets"."current_revision", "assets"."doc_type", "assets"."mime", "assets"."extension", "assets"."file_size", "assets"."width", "assets"."height", "assets"."color_space", "assets"."orientation", "assets"."resolution", "assets"."title", "assets"."description", "assets"."tags", "assets"."notes", "assets"."status", "assets"."rating", "assets"."metadata", "assets"."placeholder", "assets"."modified_date", "assets"."iptc_date", "assets"."release_date", "assets"."camera_date", "assets"."position", "assets"."trash_id", "assets"."created_by", "assets"."created_at", "assets"."updated_at"
from "assets_fts"
cross join "assets"
where assets_fts match ?
and "assets"."id" = "assets_fts"."rowid"
and (("assets"."state" = ?
and "assets"."trash_id" is null
and "assets"."archive_id" in (?))
and "assets"."archive_id" = ?)
order by assets_fts.rowid desc
limit ?
-- parameters: ["((\"f25fboats\" OR \"f25fferries\" OR \"f25fsail f25fboat\"))","ready",5002,5002,26]
