# fish completion for flagctl.
# Generated from flagctl's command definitions by `flagctl completion fish`; do not edit.
# Use: save it as ~/.config/fish/completions/flagctl.fish, or: flagctl completion fish | source

# The subcommands of command path $argv[1], as name<tab>description lines.
function __flagctl_commands
    switch $argv[1]
        case ''
            printf '%s\n' 'feature	One feature in a project' 'features	Many features: search and filter, stale-flag gate, revive archived ones' 'project	One project: its overview' 'projects	The server'\''s projects' 'environments	The server'\''s environments' 'insights	Show instance-wide trends: users, flags, projects, metrics, environment updates (Unleash Enterprise)' 'refs	Find the server'\''s flags in source code; gate CI on stale and archived ones; say which flags can go' 'retire	Retire stale flags: a reviewed plan, then archive (writes)' 'cleanup	Remove a retired flag'\''s code: a patch that keeps one branch, for a person to review' 'evaluate	Evaluate flags for a context and explain why each is on or off (read-only playground)' 'api	GET any admin API path with the stored profile and print the answer (read-only)' 'export	Write a snapshot of flag configuration (for `flagctl diff`, reviews and CI)' 'diff	Compare flag configuration: two environments, two instances, or a snapshot; exit 3 on drift' 'auth	Store, check and remove server credentials' 'completion	Print the shell completion script for bash, zsh or fish' 'help	display help for command'
        case 'feature'
            printf '%s\n' 'get	Show one feature'\''s full record: environments, strategies, constraints, variants' 'history	Show a feature'\''s change history: when, who, what type, which environment, and what changed' 'help	display help for command'
        case 'features'
            printf '%s\n' 'search	Search and filter features across projects; page through every match' 'stale	List stale and potentially stale flags; with --max or --fail-on, a gate (exit 3)' 'revive	Restore archived flags (the undo of retire apply); writes' 'help	display help for command'
        case 'project'
            printf '%s\n' 'overview	Show a project'\''s settings, stats, environments and features' 'help	display help for command'
        case 'projects'
            printf '%s\n' 'list	List the projects the token can see' 'help	display help for command'
        case 'environments'
            printf '%s\n' 'list	List the server'\''s environments' 'help	display help for command'
        case 'retire'
            printf '%s\n' 'plan	Judge which stale flags can be archived, with the evidence; never writes' 'show	Render a plan file as a table, markdown, json, yaml or annotations; reads no server' 'apply	Archive the flags a reviewed plan says to archive, after checking them again; writes' 'help	display help for command'
        case 'auth'
            printf '%s\n' 'login	Check an API token against a server and save it as a profile' 'list	List the saved profiles: name, URL, project, token kind, and which is active' 'switch	Make a saved profile the active one (what commands use without --profile)' 'status	Show which server and token commands use, and check the token live' 'logout	Remove a saved profile and its token' 'help	display help for command'
    end
end

# The flags of command path $argv[1], as flag<tab>description lines.
function __flagctl_flags
    switch $argv[1]
        case ''
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'feature'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'feature get'
            printf '%s\n' '-p	project the feature belongs to (default: the profile'\''s project, else default)' '--project	project the feature belongs to (default: the profile'\''s project, else default)' '-o	output format: table, json, ndjson, csv, markdown, yaml' '--output	output format: table, json, ndjson, csv, markdown, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '--csv-raw	csv: do not guard cells that a spreadsheet would run as formulas' '-h	display help for command' '--help	display help for command'
        case 'feature history'
            printf '%s\n' '-p	only events in this project (default: any project)' '--project	only events in this project (default: any project)' '-n	newest events to show (default 20)' '--limit	newest events to show (default 20)' '--all	every event (instead of --limit)' '--since	only events on or after this day (YYYY-MM-DD, UTC; or an age: 30d, 2w, 12h ago)' '--event-type	only events of this type, repeatable or comma-separated, e.g. feature-strategy-update' '-o	output format: table, json, ndjson, csv, markdown, yaml' '--output	output format: table, json, ndjson, csv, markdown, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '--csv-raw	csv: do not guard cells that a spreadsheet would run as formulas' '-h	display help for command' '--help	display help for command'
        case 'features'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'features search'
            printf '%s\n' '-p	project id: web | web,mobile | !web | IS_ANY_OF:web,mobile' '--project	project id: web | web,mobile | !web | IS_ANY_OF:web,mobile' '--type	flag type: release | release,experiment | !permission | IS_NOT:release' '-q	text in the name or description (commas: any of several)' '--query	text in the name or description (commas: any of several)' '--state	active | stale | potentially-stale, lists and ! as above' '--created-by	numeric user id of the creator: 1 | 1,7 | !1 | IS:1' '--tag	tag type:value: team:growth | a,b (any) | !a | INCLUDE_ALL_OF:a,b; repeat: all of' '--segment	segment name: beta-testers | a,b (any) | !a | INCLUDE:a' '--status	production:enabled or production:disabled; repeat: any of' '--created-at	IS_BEFORE:2024-01-01 or IS_ON_OR_AFTER:2024-01-01' '--created-before	created before this day (yyyy-MM-dd, UTC; or an age: 30d, 2w, 12h ago)' '--created-since	created on or after this day (yyyy-MM-dd, UTC; or an age: 30d, 2w, 12h ago)' '--sort-by	name, type, stale, project, lastSeenAt, createdAt (default), environment:<name>' '--sort-order	asc (default) or desc' '--favorites-first	your favourites first (needs a personal access token; API tokens have none)' '--offset	skip this many matches first' '-n	return exactly this many (or all there are if fewer); pages as needed; default 50' '--limit	return exactly this many (or all there are if fewer); pages as needed; default 50' '--all	every match, streamed page by page' '--concurrency	pages fetched at once with --all or a large --limit (1-16, default 4)' '--fail-if-any	exit 3 when at least one feature matches (after printing them): a CI gate; the same as --fail-on any' '--fail-on	a CI gate: any (exit 3 when at least one feature matches, after printing them), as every gate spells it' '-o	output format: table, json, ndjson, csv, markdown, yaml, github' '--output	output format: table, json, ndjson, csv, markdown, yaml, github' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '--csv-raw	csv: do not guard cells that a spreadsheet would run as formulas' '-h	display help for command' '--help	display help for command'
        case 'features stale'
            printf '%s\n' '-p	project id: web | web,mobile | !web | IS_ANY_OF:web,mobile' '--project	project id: web | web,mobile | !web | IS_ANY_OF:web,mobile' '--type	flag type: release | release,experiment | !permission | IS_NOT:release' '--stale-for	only flags marked stale longer ago than this, or potentially stale for longer: 30d, 2w, 12h' '--fail-on	a gate: exit 3 when a listed flag is in one of these states (stale = marked, potentially-stale), more than --max of them' '--max	a gate: exit 3 when more than n flags are listed (with --fail-on, in those states); default 0 with --fail-on' '--concurrency	pages fetched at once (1-16, default 4)' '-o	output format: table, json, ndjson, csv, markdown, github, yaml' '--output	output format: table, json, ndjson, csv, markdown, github, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '--csv-raw	csv: do not guard cells that a spreadsheet would run as formulas' '-h	display help for command' '--help	display help for command'
        case 'features revive'
            printf '%s\n' '-p	the project the flags were archived from (default: the result file'\''s, else the profile'\''s project, else default)' '--project	the project the flags were archived from (default: the result file'\''s, else the profile'\''s project, else default)' '--result	also write the result (revived, skipped, failed, unverified) to this JSON file, after each batch' '--from	revive every flag a `retire apply --result` file lists as archived' '-o	output format: table, json, yaml' '--output	output format: table, json, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '-h	display help for command' '--help	display help for command'
        case 'project'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'project overview'
            printf '%s\n' '-o	output format: table, json, ndjson, csv, markdown, yaml' '--output	output format: table, json, ndjson, csv, markdown, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '--csv-raw	csv: do not guard cells that a spreadsheet would run as formulas' '-h	display help for command' '--help	display help for command'
        case 'projects'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'projects list'
            printf '%s\n' '-o	output format: table, json, ndjson, csv, markdown, yaml' '--output	output format: table, json, ndjson, csv, markdown, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '--csv-raw	csv: do not guard cells that a spreadsheet would run as formulas' '-h	display help for command' '--help	display help for command'
        case 'environments'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'environments list'
            printf '%s\n' '-o	output format: table, json, ndjson, csv, markdown, yaml' '--output	output format: table, json, ndjson, csv, markdown, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '--csv-raw	csv: do not guard cells that a spreadsheet would run as formulas' '-h	display help for command' '--help	display help for command'
        case 'insights'
            printf '%s\n' '--since	start of the date range: YYYY-MM-DD or an age (30d, 2w, 12h ago); omitted: the server decides' '--until	end of the date range: YYYY-MM-DD or an age (30d, 2w, 12h ago); omitted: the server decides' '--section	section to show, repeatable: users, flags, projects, metrics, environments (default: all)' '--no-chart	no charts on a terminal (they are never drawn when stdout is piped)' '-o	output format: table, json, ndjson, csv, markdown, yaml' '--output	output format: table, json, ndjson, csv, markdown, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '--csv-raw	csv: do not guard cells that a spreadsheet would run as formulas' '-h	display help for command' '--help	display help for command'
        case 'refs'
            printf '%s\n' '-p	only these projects'\'' flags (comma-separated ids; default: every project)' '--project	only these projects'\'' flags (comma-separated ids; default: every project)' '--no-ignore	read every file under the paths, ignored or not (as ripgrep'\''s --no-ignore)' '--exclude	skip paths matching this gitignore-style glob; repeat for more' '--max-file-kb	skip files larger than this many KiB (default 1024)' '--delimiters	characters that surround a flag name in code (default: " '\'' and `)' '--aliases	also find camelCase, PascalCase, snake_case and SCREAMING_SNAKE_CASE forms as whole identifiers of code (not in hyphenated words, stylesheets, prose or data files)' '--summary	one row per flag that is not active, archived or referenced, with a verdict' '--all-flags	with --summary or -o json: the active flags without references too' '--fail-on	exit 3 when a flag in one of these states is referenced: stale,potentially-stale,archived,completed, or unknown (a name in a flag call that is no flag); with --diff, when the change adds one: added-stale,added-potentially-stale,added-archived,added-completed,added-unknown' '--allow-skipped	with --fail-on: pass even when files could not be read (unreadable, or a name that is not UTF-8); by default that exits 1' '--calls	more flag calls whose names are checked by --fail-on unknown and added-unknown, comma-separated (e.g. useUiFlag,this.flags.isOn); added to the SDKs'\'' calls and flagctl.json'\''s refs.calls' '--diff	only what changed since this git revision: references added and removed, flags left without any (extinct)' '--root	with --diff: the directory (package) to compare (default: .); flagctl.json maps paths to projects' '--threads	worker threads that read files beside the main thread (0-16; default: CPUs - 1, at most 4, or 0 on a busy machine)' '-o	output format: table, json, ndjson, csv, markdown, github, sarif, yaml' '--output	output format: table, json, ndjson, csv, markdown, github, sarif, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '--csv-raw	csv: do not guard cells that a spreadsheet would run as formulas' '-h	display help for command' '--help	display help for command'
        case 'retire'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'retire plan'
            printf '%s\n' '-p	the project whose flags to plan for (default: the profile'\''s project, else default)' '--project	the project whose flags to plan for (default: the profile'\''s project, else default)' '--include	also judge these flags, candidates or not (comma-separated; repeat for more)' '--unseen-days	a flag seen by an SDK in any environment within this many days is not archived (default 30)' '--fail-on	exit 3 when any flag has this verdict: archive (a scheduled job opens the review)' '--out	also write the plan file for `retire apply` here (the -o json document, written atomically); stdout still gets the table or -o format' '--no-ignore	read every file under the paths, ignored or not (as ripgrep'\''s --no-ignore)' '--exclude	skip paths matching this gitignore-style glob; repeat for more' '--max-file-kb	skip files larger than this many KiB (default 1024)' '--delimiters	characters that surround a flag name in code (default: " '\'' and `)' '--aliases	also find camelCase, PascalCase, snake_case and SCREAMING_SNAKE_CASE forms as whole identifiers of code (not in hyphenated words, stylesheets, prose or data files)' '--threads	worker threads that read files beside the main thread (0-16; default: CPUs - 1, at most 4, or 0 on a busy machine)' '-o	output format: table, json, markdown, github, yaml' '--output	output format: table, json, markdown, github, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '-h	display help for command' '--help	display help for command'
        case 'retire show'
            printf '%s\n' '-o	output format: table, json, markdown, github, yaml' '--output	output format: table, json, markdown, github, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '-h	display help for command' '--help	display help for command'
        case 'retire apply'
            printf '%s\n' '-y	archive without asking (required when stdin is not a terminal, as in CI)' '--yes	archive without asking (required when stdin is not a terminal, as in CI)' '--result	also write the result (archived, skipped, failed, unverified) to this JSON file, after each batch' '--expect-digest	refuse the plan unless its digest is this one: the digest the review showed (retire plan --out and retire show print it: its markdown apply line, and after its table a line on stderr)' '-p	refuse the plan unless it is for this project (default: the plan'\''s project)' '--project	refuse the plan unless it is for this project (default: the plan'\''s project)' '--only	archive only these of the plan'\''s flags; the others are skipped (comma-separated; repeat for more)' '--skip	leave these of the plan'\''s flags as they are (comma-separated; repeat for more)' '-o	output format: table, json, yaml' '--output	output format: table, json, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '-h	display help for command' '--help	display help for command'
        case 'cleanup'
            printf '%s\n' '--keep	the branch to keep: on (the flag'\''s enabled code) or off; wins over the server'\''s completed lifecycle (kept: on, discarded: off)' '-p	project the flags belong to, for their lifecycle (default: the profile'\''s project, else default)' '--project	project the flags belong to, for their lifecycle (default: the profile'\''s project, else default)' '--write	edit the files in place instead of printing the patch' '--allow-leftovers	exit 0 even when code that names the flag remains (by default that exits 3)' '--no-ignore	read every file under the paths, ignored or not (as refs'\'' --no-ignore)' '--exclude	skip paths matching this gitignore-style glob; repeat for more' '-o	output format: table, json, yaml' '--output	output format: table, json, yaml' '-h	display help for command' '--help	display help for command'
        case 'evaluate'
            printf '%s\n' '-e	environment to evaluate in (required)' '--env	environment to evaluate in (required)' '-c	a context field, repeatable: userId, sessionId, appName, environment, remoteAddress, currentTime, or any custom field' '--context	a context field, repeatable: userId, sessionId, appName, environment, remoteAddress, currentTime, or any custom field' '--all	evaluate every flag of --project (instead of naming features)' '-p	project whose flags --all evaluates (default: the profile'\''s project, else default); with names, only that project' '--project	project whose flags --all evaluates (default: the profile'\''s project, else default); with names, only that project' '--expect	exit 3 unless the one feature named is on (or off) for this context' '--fail-on	exit 3 when the one feature named is on (or off) for this context: --fail-on off is --expect on' '-o	output format: table, json, ndjson, csv, markdown, yaml' '--output	output format: table, json, ndjson, csv, markdown, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '--csv-raw	csv: do not guard cells that a spreadsheet would run as formulas' '-h	display help for command' '--help	display help for command'
        case 'api'
            printf '%s\n' '--paginate	follow offset/limit through every page of a list that reports total' '-f	a query parameter, repeatable (added to any query in the path), as gh api -f' '--raw-field	a query parameter, repeatable (added to any query in the path), as gh api -f' '-X	only GET: flagctl never changes a server' '--method	only GET: flagctl never changes a server' '-o	output format: json, ndjson, yaml' '--output	output format: json, ndjson, yaml' '-h	display help for command' '--help	display help for command'
        case 'export'
            printf '%s\n' '-p	project to export (default: the profile'\''s project, else default)' '--project	project to export (default: the profile'\''s project, else default)' '-e	environment to export, repeatable or comma-separated (default: every environment of the project)' '--env	environment to export, repeatable or comma-separated (default: every environment of the project)' '-o	output format: json, yaml' '--output	output format: json, yaml' '-h	display help for command' '--help	display help for command'
        case 'diff'
            printf '%s\n' '-p	project on both sides (default: each server side'\''s profile project, else default)' '--project	project on both sides (default: each server side'\''s profile project, else default)' '--feature	compare only this feature, repeatable or comma-separated' '--fail-on	drift (the default: exit 3 when the sides differ, as git diff --exit-code) or none (a report: exit 0)' '--stat	one line per feature with its number of differing fields, as git diff --stat' '-o	output format: table, json, markdown, yaml' '--output	output format: table, json, markdown, yaml' '-h	display help for command' '--help	display help for command'
        case 'auth'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'auth login'
            printf '%s\n' '-p	default project for this profile' '--project	default project for this profile' '-h	display help for command' '--help	display help for command'
        case 'auth list'
            printf '%s\n' '-o	output format: table, json, ndjson, csv, markdown, yaml' '--output	output format: table, json, ndjson, csv, markdown, yaml' '--columns	comma-separated columns for table, csv and markdown' '--no-headers	omit the header row (table, csv)' '--csv-raw	csv: do not guard cells that a spreadsheet would run as formulas' '-h	display help for command' '--help	display help for command'
        case 'auth switch'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'auth status'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'auth logout'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'completion'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
    end
    printf '%s\n' '-V	print the version' '--version	print the version' '--url	server base URL (overrides FLAGCTL_URL and the profile)' '--profile	stored profile to use (or FLAGCTL_PROFILE)' '--timeout	per-request timeout (default 30, or FLAGCTL_TIMEOUT)' '--retries	retries for failed GETs on resets, 429, 502-504 (default 2)' '--max-response-mb	refuse responses larger than this (default 64, or FLAGCTL_MAX_RESPONSE_MB)' '--ca-file	extra CA certificates (PEM) to trust for https (NODE_EXTRA_CA_CERTS works too)' '--max-wait	longest total wait for a server rate limit before failing (default 600, or FLAGCTL_MAX_WAIT)' '--debug	log each request to stderr (the token is masked)' '--no-color	no colors, even on a terminal (NO_COLOR works too)' '--no-pager	print straight to the terminal, not through $FLAGCTL_PAGER, $PAGER or less -FRX'
end

# What the value of flag $argv[2] of command path $argv[1] completes to (@profiles: the
# config's profile names, @files: file names); fails when the flag takes no value.
function __flagctl_values
    switch "$argv[1]|$argv[2]"
        case 'feature get|-p' 'feature get|--project' 'feature history|-p' 'feature history|--project' \
            'features revive|-p' 'features revive|--project' 'retire plan|-p' 'retire plan|--project' \
            'cleanup|-p' 'cleanup|--project' 'evaluate|-p' 'evaluate|--project' 'export|-p' \
            'export|--project' 'diff|-p' 'diff|--project'
            printf '%s\n' '@projects'
        case 'feature get|-o' 'feature get|--output' 'feature history|-o' 'feature history|--output' \
            'project overview|-o' 'project overview|--output' 'projects list|-o' \
            'projects list|--output' 'environments list|-o' 'environments list|--output' 'insights|-o' \
            'insights|--output' 'evaluate|-o' 'evaluate|--output' 'auth list|-o' 'auth list|--output'
            printf '%s\n' 'table' 'json' 'ndjson' 'csv' 'markdown' 'yaml'
        case 'feature get|--columns' 'feature history|-n' 'feature history|--limit' \
            'feature history|--since' 'feature history|--event-type' 'feature history|--columns' \
            'features search|-q' 'features search|--query' 'features search|--created-before' \
            'features search|--created-since' 'features search|--offset' 'features search|-n' \
            'features search|--limit' 'features search|--concurrency' 'features search|--columns' \
            'features stale|--stale-for' 'features stale|--max' 'features stale|--concurrency' \
            'features stale|--columns' 'features revive|--columns' 'project overview|--columns' \
            'projects list|--columns' 'environments list|--columns' 'insights|--since' \
            'insights|--until' 'insights|--columns' 'refs|--exclude' 'refs|--max-file-kb' \
            'refs|--delimiters' 'refs|--calls' 'refs|--diff' 'refs|--threads' 'refs|--columns' \
            'retire plan|--include' 'retire plan|--unseen-days' 'retire plan|--exclude' \
            'retire plan|--max-file-kb' 'retire plan|--delimiters' 'retire plan|--threads' \
            'retire plan|--columns' 'retire show|--columns' 'retire apply|--expect-digest' \
            'retire apply|-p' 'retire apply|--project' 'retire apply|--columns' 'cleanup|--exclude' \
            'evaluate|-c' 'evaluate|--context' 'evaluate|--columns' 'api|-f' 'api|--raw-field' \
            'auth login|-p' 'auth login|--project' 'auth list|--columns'
            true
        case 'features search|-p' 'features search|--project' 'features stale|-p' \
            'features stale|--project'
            printf '%s\n' '@projects;list' 'IS:' 'IS_NOT:' 'IS_ANY_OF:' 'IS_NONE_OF:'
        case 'features search|--type' 'features stale|--type'
            printf '%s\n' 'release' 'experiment' 'operational' 'kill-switch' 'permission' 'sunset' 'IS:' 'IS_NOT:' 'IS_ANY_OF:' 'IS_NONE_OF:'
        case 'features search|--state'
            printf '%s\n' 'active' 'stale' 'potentially-stale' 'IS:' 'IS_NOT:' 'IS_ANY_OF:' 'IS_NONE_OF:'
        case 'features search|--created-by'
            printf '%s\n' 'IS:' 'IS_NOT:' 'IS_ANY_OF:' 'IS_NONE_OF:'
        case 'features search|--tag'
            printf '%s\n' 'INCLUDE:' 'DO_NOT_INCLUDE:' 'INCLUDE_ALL_OF:' 'INCLUDE_ANY_OF:' 'EXCLUDE_IF_ANY_OF:' 'EXCLUDE_ALL:'
        case 'features search|--segment'
            printf '%s\n' '@segments;list' 'INCLUDE:' 'DO_NOT_INCLUDE:' 'INCLUDE_ALL_OF:' 'INCLUDE_ANY_OF:' 'EXCLUDE_IF_ANY_OF:' 'EXCLUDE_ALL:'
        case 'features search|--status'
            printf '%s\n' '@environments;then=enabled/disabled'
        case 'features search|--created-at'
            printf '%s\n' 'IS_BEFORE:' 'IS_ON_OR_AFTER:'
        case 'features search|--sort-by'
            printf '%s\n' '@environments;after=environment:' 'name' 'type' 'stale' 'project' 'lastSeenAt' 'createdAt' 'environment:'
        case 'features search|--sort-order'
            printf '%s\n' 'asc' 'desc'
        case 'features search|--fail-on'
            printf '%s\n' 'any'
        case 'features search|-o' 'features search|--output'
            printf '%s\n' 'table' 'json' 'ndjson' 'csv' 'markdown' 'yaml' 'github'
        case 'features stale|--fail-on'
            printf '%s\n' 'stale' 'potentially-stale'
        case 'features stale|-o' 'features stale|--output'
            printf '%s\n' 'table' 'json' 'ndjson' 'csv' 'markdown' 'github' 'yaml'
        case 'features revive|--result' 'features revive|--from' 'refs|--root' 'retire plan|--out' \
            'retire apply|--result'
            printf '%s\n' '@files'
        case 'features revive|-o' 'features revive|--output' 'retire apply|-o' 'retire apply|--output' \
            'cleanup|-o' 'cleanup|--output'
            printf '%s\n' 'table' 'json' 'yaml'
        case 'insights|--section'
            printf '%s\n' 'users' 'flags' 'projects' 'metrics' 'environments'
        case 'refs|-p' 'refs|--project'
            printf '%s\n' '@projects;list'
        case 'refs|--fail-on'
            printf '%s\n' 'stale' 'potentially-stale' 'archived' 'completed' 'unknown' 'added-stale' 'added-potentially-stale' 'added-archived' 'added-completed' 'added-unknown'
        case 'refs|-o' 'refs|--output'
            printf '%s\n' 'table' 'json' 'ndjson' 'csv' 'markdown' 'github' 'sarif' 'yaml'
        case 'retire plan|--fail-on'
            printf '%s\n' 'archive'
        case 'retire plan|-o' 'retire plan|--output' 'retire show|-o' 'retire show|--output'
            printf '%s\n' 'table' 'json' 'markdown' 'github' 'yaml'
        case 'retire apply|--only' 'retire apply|--skip'
            printf '%s\n' '@plan;list'
        case 'cleanup|--keep' 'evaluate|--expect' 'evaluate|--fail-on'
            printf '%s\n' 'on' 'off'
        case 'evaluate|-e' 'evaluate|--env'
            printf '%s\n' '@environments'
        case 'api|-X' 'api|--method'
            printf '%s\n' 'GET'
        case 'api|-o' 'api|--output'
            printf '%s\n' 'json' 'ndjson' 'yaml'
        case 'export|-e' 'export|--env'
            printf '%s\n' '@environments;list'
        case 'export|-o' 'export|--output'
            printf '%s\n' 'json' 'yaml'
        case 'diff|--feature'
            printf '%s\n' '@features;list'
        case 'diff|--fail-on'
            printf '%s\n' 'drift' 'none'
        case 'diff|-o' 'diff|--output'
            printf '%s\n' 'table' 'json' 'markdown' 'yaml'
        case '*|--url' '*|--timeout' '*|--retries' '*|--max-response-mb' '*|--max-wait'
            true
        case '*|--profile'
            printf '%s\n' '@profiles'
        case '*|--ca-file'
            printf '%s\n' '@files'
        case '*'
            return 1
    end
end

# The fixed values of argument number $argv[2] (from 0) of command path $argv[1].
function __flagctl_args
    switch "$argv[1]|$argv[2]"
        case 'feature get|0'
            printf '%s\n' '@features'
        case 'feature history|0'
            printf '%s\n' '@features'
        case 'feature help|0'
            printf '%s\n' 'get' 'history'
        case 'features revive|0' 'features revive|1' 'features revive|2' 'features revive|3' \
            'features revive|4' 'features revive|5' 'features revive|6' 'features revive|7' \
            'features revive|8' 'features revive|9' 'features revive|10' 'features revive|11' \
            'features revive|12' 'features revive|13' 'features revive|14' 'features revive|15' \
            'features revive|16' 'features revive|17' 'features revive|18' 'features revive|19'
            printf '%s\n' '@archived'
        case 'features help|0'
            printf '%s\n' 'search' 'stale' 'revive'
        case 'project overview|0'
            printf '%s\n' '@projects'
        case 'project help|0'
            printf '%s\n' 'overview'
        case 'projects help|0'
            printf '%s\n' 'list'
        case 'environments help|0'
            printf '%s\n' 'list'
        case 'refs|0' 'refs|1' 'refs|2' 'refs|3' 'refs|4' 'refs|5' 'refs|6' 'refs|7' 'refs|8' 'refs|9' \
            'refs|10' 'refs|11' 'refs|12' 'refs|13' 'refs|14' 'refs|15' 'refs|16' 'refs|17' 'refs|18' \
            'refs|19'
            printf '%s\n' '@files'
        case 'retire plan|0' 'retire plan|1' 'retire plan|2' 'retire plan|3' 'retire plan|4' \
            'retire plan|5' 'retire plan|6' 'retire plan|7' 'retire plan|8' 'retire plan|9' \
            'retire plan|10' 'retire plan|11' 'retire plan|12' 'retire plan|13' 'retire plan|14' \
            'retire plan|15' 'retire plan|16' 'retire plan|17' 'retire plan|18' 'retire plan|19'
            printf '%s\n' '@files'
        case 'retire apply|0'
            printf '%s\n' '@files'
        case 'retire help|0'
            printf '%s\n' 'plan' 'show' 'apply'
        case 'cleanup|0' 'cleanup|1' 'cleanup|2' 'cleanup|3' 'cleanup|4' 'cleanup|5' 'cleanup|6' \
            'cleanup|7' 'cleanup|8' 'cleanup|9' 'cleanup|10' 'cleanup|11' 'cleanup|12' 'cleanup|13' \
            'cleanup|14' 'cleanup|15' 'cleanup|16' 'cleanup|17' 'cleanup|18' 'cleanup|19'
            printf '%s\n' '@paths' '@features'
        case 'evaluate|0' 'evaluate|1' 'evaluate|2' 'evaluate|3' 'evaluate|4' 'evaluate|5' 'evaluate|6' \
            'evaluate|7' 'evaluate|8' 'evaluate|9' 'evaluate|10' 'evaluate|11' 'evaluate|12' \
            'evaluate|13' 'evaluate|14' 'evaluate|15' 'evaluate|16' 'evaluate|17' 'evaluate|18' \
            'evaluate|19'
            printf '%s\n' '@features'
        case 'diff|0'
            printf '%s\n' '@files' '@environments'
        case 'diff|1'
            printf '%s\n' '@files' '@environments'
        case 'auth help|0'
            printf '%s\n' 'login' 'list' 'switch' 'status' 'logout'
        case 'completion|0'
            printf '%s\n' 'bash' 'zsh' 'fish'
        case 'help|0'
            printf '%s\n' 'feature' 'features' 'project' 'projects' 'environments' 'insights' 'refs' 'retire' 'cleanup' 'evaluate' 'api' 'export' 'diff' 'auth' 'completion'
    end
end

# Succeeds when $argv[2] is a subcommand of command path $argv[1].
function __flagctl_is_command
    for c in (__flagctl_commands $argv[1])
        if test (string split -f1 \t -- $c) = $argv[2]
            return 0
        end
    end
    return 1
end

# Prints names on the server (marker $argv[1]), $argv[2] put in front; $argv[3] is the text
# typed so far: flagctl keeps them in a short-lived cache, asks the server for a moment at most,
# prints the whole words the value can be (a list keeps what is before its last name), and
# nothing on any error.
function __flagctl_server
    set -l given
    for a in $__flagctl_pos
        set -a given "--arg=$a"
    end
    for n in (flagctl completion --server-names $argv[1] --word="$argv[3]" $given 2>/dev/null)
        printf '%s%s
' "$argv[2]" $n
    end
end

# Prints what the lines $argv[3..] stand for, $argv[1] put in front; $argv[2] is the text typed
# so far: @profiles, @files, @<kind>… (names on the server), or the words themselves. Beside
# names on the server (diff's ENV or @FILE), file names only after an @; @paths: file names
# beside them too (cleanup).
function __flagctl_lines
    set -l before $argv[1]
    set -l typed $argv[2]
    set -l files 0
    set -l named 0
    set -l paths 0
    for line in $argv[3..-1]
        switch $line
            case @profiles
                for p in (flagctl completion --profiles 2>/dev/null)
                    printf '%s%s
' "$before" $p
                end
            case @files
                set files 1
            case @paths
                set files 1
                set paths 1
            case '@*'
                set named 1
                string match -q -- '@*' "$typed"; or __flagctl_server (string sub -s 2 -- $line) "$before" "$typed"
            case '*'
                printf '%s%s
' "$before" $line
        end
    end
    if test $files = 1; and begin; test $paths = 1; or test $named = 0; or string match -q -- '@*' "$typed"; end
        if string match -q -- '@*' "$typed"
            # A path after an @ (an @snapshot): file names, the @ kept.
            for f in (__fish_complete_path (string sub -s 2 -- "$typed"))
                printf '@%s
' $f
            end
        else
            __fish_complete_path "$typed"
        end
    end
end

# Prints the values of flag $argv[2] of command path $argv[1]; $argv[3] is put in front.
function __flagctl_value
    set -l values (__flagctl_values $argv[1] $argv[2]); or return 0
    __flagctl_lines $argv[3] (commandline -ct | string replace -r -- '^-[^=]*=' '') $values
end

function __flagctl_complete
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l cur (commandline -ct)
    set -l cmdpath ''
    set -l expect 0
    set -l npos 0
    # The command's arguments so far (retire apply's plan file names the flags of --only).
    set -g __flagctl_pos
    for w in $tokens
        if test $expect = 1
            set expect 0
            continue
        end
        switch $w
            case '-*=*'
            case '-*'
                __flagctl_values "$cmdpath" $w >/dev/null; and set expect 1
            case '*'
                if __flagctl_is_command "$cmdpath" $w
                    set cmdpath (string trim -- "$cmdpath $w")
                    set npos 0
                    set -g __flagctl_pos
                else
                    set npos (math $npos + 1)
                    set -g -a __flagctl_pos $w
                end
        end
    end

    if test $expect = 1
        __flagctl_value "$cmdpath" $tokens[-1] ''
    else if string match -q -- '-*=*' $cur
        set -l flag (string split -m1 -f1 = -- $cur)
        __flagctl_value "$cmdpath" $flag "$flag="
    else if string match -q -- '-*' $cur
        __flagctl_flags "$cmdpath"
    else
        __flagctl_lines '' "$cur" (__flagctl_commands "$cmdpath"; __flagctl_args "$cmdpath" $npos)
    end
end

complete -c flagctl -f -a '(__flagctl_complete)'
