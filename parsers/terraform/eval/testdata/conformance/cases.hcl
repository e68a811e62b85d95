# Conformance cases: pure Terraform expressions, each evaluated by
# `terraform console` (scripts/conformance, which writes expected.json) and by
# faultline's evaluator (conformance_test.go). Each case is
#
#   case "name" {
#     expr            = <the expression, as written in a .tf file>
#     unknown_because = "why faultline knowingly leaves it unknown" # optional
#   }
#
# A case where faultline knows what Terraform leaves unknown says why:
#
#     faultline_decides = "why the value is certain anyway"
#     faultline_json    = "<jsonencode of faultline's value>"
#
# A case whose answer changed in a later Terraform than the one that wrote
# expected.json says so, with the later answer faultline gives:
#
#     newer_terraform      = "what changed, and since which version"
#     newer_terraform_json = "<jsonencode of the later value>"
#
# The expression may read the variables of variables.tf (defaults only).

# ---- arithmetic ------------------------------------------------------------
case "add_int" { expr = 1 + 2 }
case "sub_neg" { expr = 3 - 10 }
case "mul" { expr = 6 * 7 }
case "div_float" { expr = 7 / 2 }
case "div_exact" { expr = 10 / 5 }
case "mod" { expr = 10 % 3 }
case "mod_negative" { expr = -7 % 3 }
case "neg" { expr = -(5) }
case "precedence" { expr = 2 + 3 * 4 - 1 }
case "parens" { expr = (2 + 3) * 4 }
case "float_add" { expr = 0.1 + 0.2 }
case "big_int" { expr = 9007199254740993 }
case "big_int_add" { expr = 9007199254740993 + 1 }
case "big_mul" { expr = 123456789012345678 * 1000 }
case "float_literal" { expr = 3.14159 }
case "exponent_literal" { expr = 1e3 }
case "string_arith" { expr = "3" + 4 }
case "string_arith_bad" { expr = "three" + 4 }
case "div_zero_compare" { expr = 1 / 0 > 1000000 }
case "var_num_arith" { expr = var.num * 2 + 1 }

# ---- comparison and logic ----------------------------------------------------
case "lt" { expr = 1 < 2 }
case "gte" { expr = 2 >= 2 }
case "gt_strings_numbers" { expr = "10" > 9 }
case "and" { expr = true && false }
case "or" { expr = true || false }
case "not" { expr = !true }
case "logic_combo" { expr = !(1 > 2) && (3 == 3 || false) }
case "bool_from_string" { expr = "true" && true }
case "bool_bad_string" { expr = "yes" && true }
case "eq_num_string" { expr = 1 == "1" }
case "eq_strings" { expr = "a" == "a" }
case "neq_types" { expr = true != "true" }
case "eq_lists" { expr = [1, 2] == [1, 2] }
case "eq_list_tuple_types" { expr = tolist(["a"]) == ["a"] }
case "eq_objects" { expr = { a = 1 } == { a = 1 } }
case "eq_map_object" { expr = tomap({ a = "1" }) == { a = "1" } }
case "eq_null_null" { expr = null == null }
case "eq_null_string" { expr = var.null_string == null }
case "neq_null_value" { expr = var.str != null }
case "eq_empty_map" { expr = var.empty_map == {} }
case "eq_empty_list" { expr = var.empty_list == [] }
case "eq_float_int" { expr = 1.0 == 1 }
case "eq_number_precision" { expr = 0.1 + 0.2 == 0.3 }

# ---- conditionals --------------------------------------------------------------
case "cond_true" { expr = true ? "yes" : "no" }
case "cond_var" { expr = var.create ? 1 : 0 }
case "cond_mixed_types" { expr = false ? 1 : "one" }
case "cond_null_branch" { expr = var.null_string != null ? var.null_string : "default" }
case "cond_list_empty" { expr = length(var.empty_list) > 0 ? var.empty_list[0] : "none" }
case "cond_object_branches" { expr = var.create ? { a = 1 } : { a = 2 } }
case "cond_string_bool" { expr = "false" ? "a" : "b" }
case "cond_nested" { expr = var.num > 40 ? (var.num > 100 ? "big" : "mid") : "small" }
case "cond_null_condition" { expr = var.null_any ? 1 : 2 }

# ---- empty collections, nulls, any-typed variables ----------------------------
case "length_empty_map_gt_zero" { expr = length({}) > 0 }
case "length_empty_list" { expr = length([]) }
case "length_any_empty_map" { expr = length(var.outpost_config) > 0 }
case "on_outpost_for_each" {
  expr = { for k, v in var.node_groups : k => v.min_size if var.create && !(length(var.outpost_config) > 0) }
}
case "length_empty_var_list" { expr = length(var.empty_list) == 0 }
case "empty_map_keys" { expr = keys(var.empty_map) }
case "null_any_value" { expr = var.null_any }
case "null_literal" { expr = null }
case "null_coalesce" { expr = coalesce(var.null_string, "fallback") }
case "null_in_list" { expr = [null, "a"] }
case "null_attr_try" { expr = try(var.null_any.a, "none") }
case "any_object_attr" { expr = var.obj.name }
case "any_object_nested" { expr = var.obj.tags.env }
case "any_object_index_string" { expr = var.obj["port"] }
case "any_object_type" { expr = var.obj }
case "any_tuple" { expr = var.tuple }
case "any_tuple_index" { expr = var.tuple[1] }
case "untyped_var" { expr = var.untyped }
case "typed_list" { expr = var.list }
case "typed_map" { expr = var.map_str }
case "typed_set" { expr = var.set_str }
case "optional_defaults" { expr = var.opt }
case "optional_in_map" { expr = var.typed_groups }
case "optional_attr" { expr = var.typed_groups["one"].spot }
case "missing_attr" { expr = var.obj.missing }
case "index_out_of_range" { expr = var.list[10] }
case "index_negative" { expr = var.list[-1] }
case "index_string_key_list" { expr = var.list["0"] }
case "map_missing_key" { expr = var.map_str["zz"] }
case "empty_object" { expr = {} }
case "empty_tuple" { expr = [] }
case "empty_string" { expr = "" }

# ---- index, attribute, splat --------------------------------------------------
case "index_list" { expr = ["a", "b", "c"][1] }
case "index_map_literal" { expr = { a = 1, b = 2 }["b"] }
case "index_dynamic_key" { expr = var.map_str[var.list[1]] }
case "attr_of_literal" { expr = { a = { b = "deep" } }.a.b }
case "splat_full" { expr = var.users[*].name }
case "splat_legacy" { expr = var.users.*.role }
case "splat_nested_attr" { expr = [{ a = { b = 1 } }, { a = { b = 2 } }][*].a.b }
case "splat_on_object" { expr = var.obj[*].name }
case "splat_on_null" { expr = var.null_any[*] }
case "splat_on_set" { expr = toset(["b", "a"])[*] }
case "splat_index" { expr = var.users[*].name[0] }
case "list_index_then_attr" { expr = var.users[2].role }
case "node_group_types" { expr = var.node_groups["gpu"].instance_types[1] }

# ---- for expressions ------------------------------------------------------------
case "for_list" { expr = [for s in var.list : upper(s)] }
case "for_list_index" { expr = [for i, s in var.list : "${i}:${s}"] }
case "for_list_if" { expr = [for s in var.list : s if s != "a"] }
case "for_map_from_list" { expr = { for u in var.users : u.name => u.role } }
case "for_map_grouping" { expr = { for u in var.users : u.role => u.name... } }
case "for_map_duplicate_key" { expr = { for u in var.users : u.role => u.name } }
case "for_over_map" { expr = [for k, v in var.map_str : "${k}=${v}"] }
case "for_over_map_values" { expr = [for v in var.map_str : v] }
case "for_map_if" { expr = { for k, v in var.node_groups : k => v if v.min_size > 0 } }
case "for_over_set" { expr = [for s in var.set_str : s] }
case "for_over_object" { expr = { for k, v in var.obj : k => k } }
case "for_empty" { expr = [for x in [] : x] }
case "for_empty_map" { expr = { for k, v in var.empty_map : k => v } }
case "for_nested" { expr = flatten([for k, g in var.node_groups : [for t in g.instance_types : "${k}/${t}"]]) }
case "for_if_lookup" { expr = [for k, g in var.node_groups : k if lookup(g, "labels", null) != null] }
case "for_over_null" { expr = [for x in var.null_any : x] }
case "for_over_tuple_mixed" { expr = [for x in var.tuple : tostring(x)] }
case "for_key_number" { expr = { for i, v in ["a", "b"] : i => v } }
case "for_grouping_if" { expr = { for u in var.users : u.role => u.name... if u.name != "bob" } }
case "for_map_object_values" { expr = { for k, v in var.typed_groups : k => v.size * 10 } }
case "for_if_non_bool" { expr = [for s in var.list : s if s] }

# ---- try / can --------------------------------------------------------------------
case "try_first_ok" { expr = try(var.obj.name, "x") }
case "try_fallback" { expr = try(var.obj.nope, "x") }
case "try_index_fallback" { expr = try(var.list[20], "none") }
case "try_all_fail" { expr = try(var.obj.nope, var.obj.other) }
case "try_type_fallback" { expr = try(tonumber("abc"), 0) }
case "try_chain" { expr = try(var.null_any.x, var.empty_map.y, "third") }
case "can_ok" { expr = can(var.obj.tags) }
case "can_fail" { expr = can(var.obj.missing) }
case "can_regex_ok" { expr = can(regex("^[a-z]+$", "abc")) }
case "can_regex_fail" { expr = can(regex("^[a-z]+$", "ABC")) }
case "can_index_empty" { expr = can(var.empty_list[0]) }
case "try_lookup_nested" { expr = try(var.node_groups.general.labels.role, "none") }

# ---- strings, templates, heredocs --------------------------------------------------
case "interp" { expr = "name-${var.obj.name}" }
case "interp_number" { expr = "port ${var.obj.port}" }
case "interp_bool" { expr = "on=${var.create}" }
case "interp_float" { expr = "${1.5 * 2}" }
case "interp_only" { expr = "${var.num}" }
case "interp_escape" { expr = "$${literal} and %%{x}" }
case "interp_list_error" { expr = "${var.list}" }
case "interp_null_error" { expr = "x${var.null_string}" }
case "template_if" { expr = "%{if var.create}on%{else}off%{endif}" }
case "template_if_false" { expr = "%{if var.num < 0}neg%{endif}" }
case "template_for" { expr = "%{for s in var.list}${s},%{endfor}" }
case "template_for_index" { expr = "%{for i, s in var.list}${i}=${s} %{endfor}" }
case "template_strip" { expr = "a %{~if true~} b %{~endif~} c" }
case "template_for_strip" {
  expr = <<-EOT
    items:
    %{~for u in var.users}
      - ${u.name}
    %{~endfor}
  EOT
}
case "heredoc_plain" {
  expr = <<EOT
line one
  line two
EOT
}
case "heredoc_indented" {
  expr = <<-EOT
    first
      nested
    last
  EOT
}
case "heredoc_interp" {
  expr = <<-EOT
    name: ${var.obj.name}
    port: ${var.obj.port}
  EOT
}
case "heredoc_directives" {
  expr = <<-EOT
    %{if var.create}
    enabled: true
    %{endif}
    %{for k, v in var.map_str}
    ${k}: ${v}
    %{endfor}
  EOT
}
case "string_escapes" { expr = "tab\tnewline\nquote\"backslash\\unicode\u00e9" }
case "unicode_string" { expr = "héllo wörld" }

# ---- type conversions ----------------------------------------------------------
case "tostring_num" { expr = tostring(42) }
case "tostring_bool" { expr = tostring(true) }
case "tostring_null" { expr = tostring(null) }
case "tostring_list_error" { expr = tostring([1]) }
case "tonumber_string" { expr = tonumber("3.5") }
case "tonumber_bad" { expr = tonumber("x") }
case "tobool_string" { expr = tobool("false") }
case "tobool_bad" { expr = tobool("no") }
case "tolist_tuple" { expr = tolist(["a", "b"]) }
case "tolist_mixed" { expr = tolist(["a", 1, true]) }
case "tolist_incompatible" { expr = tolist(["a", { b = 1 }]) }
case "tolist_set" { expr = tolist(toset(["b", "a", "b"])) }
case "toset_dedupe" { expr = toset(["b", "a", "b"]) }
case "toset_numbers" { expr = toset([3, 1, 2, 1]) }
case "toset_mixed" { expr = toset(["a", 1]) }
case "tomap_object" { expr = tomap({ a = 1, b = 2 }) }
case "tomap_mixed" { expr = tomap({ a = 1, b = "x" }) }
case "tomap_bad" { expr = tomap({ a = [1], b = "x" }) }
case "tomap_empty" { expr = tomap({}) }
case "tolist_empty" { expr = tolist([]) }
case "toset_empty" { expr = toset([]) }
case "number_string_unify" { expr = [1, "a"] }
case "list_of_objects_unify" { expr = tolist([{ a = 1 }, { a = "x" }]) }

# ---- string functions -------------------------------------------------------------
case "format_s" { expr = format("Hello, %s!", "Ander") }
case "format_d" { expr = format("%d items", 42) }
case "format_d_float_error" { expr = format("%d", 1.5) }
case "format_f" { expr = format("%.2f", 3.14159) }
case "format_width" { expr = format("[%5s][%-5s]", "ab", "cd") }
case "format_zero_pad" { expr = format("%03d", 7) }
case "format_v" { expr = format("%v %v %v", "a", 1, true) }
case "format_q" { expr = format("%q", "quote\"me") }
case "format_x" { expr = format("%x %X", 255, 255) }
case "format_o_b_e" { expr = format("%o %b %e", 8, 5, 1234.5) }
case "format_t" { expr = format("%t", true) }
case "format_percent" { expr = format("100%%") }
case "format_index" { expr = format("%[2]s %[1]s", "a", "b") }
case "format_json_v" { expr = format("%#v", { a = 1 }) }
case "format_too_few" { expr = format("%s %s", "a") }
case "format_plus" { expr = format("%+d", 5) }
case "formatlist_basic" { expr = formatlist("Hello, %s!", ["a", "b"]) }
case "formatlist_two_lists" { expr = formatlist("%s=%s", ["a", "b"], ["1", "2"]) }
case "formatlist_scalar_and_list" { expr = formatlist("%s-%d", "x", [1, 2]) }
case "formatlist_mismatch" { expr = formatlist("%s%s", ["a"], ["b", "c"]) }
case "join_basic" { expr = join(", ", ["a", "b", "c"]) }
case "join_multi" { expr = join("-", ["a"], ["b", "c"]) }
case "join_empty" { expr = join(",", []) }
case "join_numbers" { expr = join(",", [1, 2]) }
case "join_null_element" { expr = join(",", ["a", null]) }
case "split_basic" { expr = split(",", "a,b,c") }
case "split_empty" { expr = split(",", "") }
case "split_no_sep" { expr = split(",", "abc") }
case "replace_literal" { expr = replace("1 + 2 + 3", "+", "-") }
case "replace_regex" { expr = replace("hello world", "/w.*d/", "everybody") }
case "replace_regex_group" { expr = replace("key=value", "/(\\w+)=(\\w+)/", "$2=$1") }
case "replace_regex_named" { expr = replace("2024-01-02", "/(?P<y>\\d+)-(?P<m>\\d+)-(?P<d>\\d+)/", "$d/$m/$y") }
case "replace_issuer" { expr = replace("https://oidc.eks.eu-west-1.amazonaws.com/id/ABC", "https://", "") }
case "replace_empty_search" { expr = replace("abc", "", "-") }
case "replace_slash_only" { expr = replace("a/b", "/", "|") }
case "replace_bad_regex" { expr = replace("abc", "/(/", "x") }
case "regex_match" { expr = regex("[a-z]+", "53453453.345345aaabbbccc23454") }
case "regex_groups" { expr = regex("^(\\d+)-(\\d+)$", "10-20") }
case "regex_named" { expr = regex("^(?P<user>[^@]+)@(?P<domain>.+)$", "me@example.com") }
case "regex_no_match" { expr = regex("^x", "abc") }
case "regexall_basic" { expr = regexall("[a-z]+", "1234abcd5678efgh9") }
case "regexall_groups" { expr = regexall("(\\w)=(\\d)", "a=1,b=2") }
case "regexall_none" { expr = length(regexall("z", "abc")) > 0 }
case "lower" { expr = lower("HeLLo") }
case "upper" { expr = upper("straße") }
case "title" { expr = title("hello world-wide web") }
case "trimspace" { expr = trimspace("  \n hi there \t ") }
case "trimprefix" { expr = trimprefix("helloworld", "hello") }
case "trimprefix_no" { expr = trimprefix("helloworld", "world") }
case "trimsuffix" { expr = trimsuffix("helloworld", "world") }
case "trim" { expr = trim("?!hello?!", "!?") }
case "chomp" { expr = chomp("hello\n\n") }
case "chomp_crlf" { expr = chomp("hello\r\n") }
case "indent" { expr = "  items: [\n${indent(2, "[\n  foo,\n  bar,\n]\n")}\n  ]" }
case "substr_basic" { expr = substr("hello world", 1, 4) }
case "substr_negative_offset" { expr = substr("hello world", -5, -1) }
case "substr_too_long" { expr = substr("hello", 3, 100) }
case "substr_unicode" { expr = substr("héllo", 1, 2) }
case "substr_offset_past_end" { expr = substr("hi", 5, 1) }
case "strrev" { expr = strrev("héllo") }
case "startswith" { expr = startswith("hello world", "hello") }
case "endswith" { expr = endswith("hello world", "hello") }
case "strcontains" { expr = strcontains("hello world", "o w") }
case "length_string_unicode" { expr = length("héllo") }
case "length_string_combining" { expr = length("e\u0301") }
case "length_number_error" { expr = length(5) }
case "regex_replace_not_terraform" { expr = regex_replace("abc", "b", "x") }

# ---- collections --------------------------------------------------------------------
case "concat_lists" { expr = concat(["a", ""], ["b", "c"]) }
case "concat_mixed" { expr = concat(["a"], [1]) }
case "concat_empty" { expr = concat([], []) }
case "concat_tuple_objects" { expr = concat([{ a = 1 }], [{ b = 2 }]) }
case "merge_maps" { expr = merge({ a = "b", c = "d" }, { e = "f", c = "z" }) }
case "merge_mixed_types" { expr = merge({ a = 1 }, { b = "x" }) }
case "merge_nested_shallow" { expr = merge({ a = { x = 1 } }, { a = { y = 2 } }) }
case "merge_null_arg" { expr = merge({ a = 1 }, null) }
case "merge_empty" { expr = merge() }
case "merge_typed_maps" { expr = merge(var.map_str, { c = "3" }) }
case "merge_tags" { expr = merge(var.obj.tags, { Name = var.obj.name }) }
case "merge_empty_maps" { expr = merge({}, var.empty_map) }
case "merge_list_error" { expr = merge(["a"]) }
case "lookup_hit" { expr = lookup({ a = "ay", b = "bee" }, "a", "what?") }
case "lookup_default" { expr = lookup({ a = "ay", b = "bee" }, "c", "what?") }
case "lookup_no_default_error" { expr = lookup({ a = "ay" }, "c") }
case "lookup_object_default_type" { expr = lookup(var.obj, "port", "none") }
case "lookup_null_default" { expr = lookup(var.obj, "missing", null) }
case "lookup_empty_map" { expr = lookup(var.empty_map, "k", "d") }
case "coalesce_strings" { expr = coalesce("", "b", "c") }
case "coalesce_numbers" { expr = coalesce(null, 1, 2) }
case "coalesce_mixed" { expr = coalesce(1, "a") }
case "coalesce_all_empty" { expr = coalesce("", null) }
case "coalescelist" { expr = coalescelist([], ["a", "b"], ["c"]) }
case "coalescelist_all_empty" { expr = coalescelist([], []) }
case "compact" { expr = compact(["a", "", "b", null, "c"]) }
case "distinct" { expr = distinct(["a", "b", "a", "c", "d", "b"]) }
case "distinct_numbers" { expr = distinct([1, 2, 1]) }
case "flatten_nested" { expr = flatten([["a", "b"], [], ["c", ["d"]]]) }
case "flatten_objects" { expr = flatten([[{ a = 1 }], [{ a = 2 }]]) }
case "flatten_empty" { expr = flatten([]) }
case "flatten_set_inside" { expr = flatten([toset(["b", "a"]), ["c"]]) }
case "keys_map" { expr = keys({ b = 1, a = 2, c = 3 }) }
case "keys_object_var" { expr = keys(var.obj) }
case "values_map" { expr = values({ b = "1", a = "2" }) }
case "values_object" { expr = values({ a = 1, b = "x" }) }
case "length_list" { expr = length(var.list) }
case "length_map" { expr = length(var.map_str) }
case "length_object" { expr = length(var.obj) }
case "length_set" { expr = length(toset(["a", "a", "b"])) }
case "length_null_error" { expr = length(var.null_any) }
case "contains_true" { expr = contains(["a", "b"], "b") }
case "contains_false" { expr = contains(["a", "b"], "z") }
case "contains_number_string" { expr = contains([1, 2], "1") }
case "contains_set" { expr = contains(var.set_str, "alpha") }
case "index_fn" { expr = index(["a", "b", "c"], "b") }
case "index_fn_missing" { expr = index(["a"], "z") }
case "element_basic" { expr = element(["a", "b", "c"], 1) }
case "element_wrap" { expr = element(["a", "b", "c"], 5) }
case "element_negative" { expr = element(["a", "b", "c"], -1) }
case "element_empty_error" { expr = element([], 0) }
case "slice_basic" { expr = slice(["a", "b", "c", "d"], 1, 3) }
case "slice_empty" { expr = slice(["a", "b"], 1, 1) }
case "slice_out_of_range" { expr = slice(["a", "b"], 1, 5) }
case "reverse" { expr = reverse([1, 2, 3]) }
case "sort_strings" { expr = sort(["e", "d", "a", "x"]) }
case "sort_numbers_lexical" { expr = sort([10, 9, 2]) }
case "sort_var" { expr = sort(var.list) }
case "zipmap" { expr = zipmap(["a", "b"], [1, 2]) }
case "zipmap_objects" { expr = zipmap(["a", "b"], [{ x = 1 }, { y = "z" }]) }
case "zipmap_length_mismatch" { expr = zipmap(["a"], [1, 2]) }
case "chunklist" { expr = chunklist(["a", "b", "c", "d", "e"], 2) }
case "chunklist_zero" { expr = chunklist(["a", "b"], 0) }
case "setproduct_lists" { expr = setproduct(["dev", "prod"], ["a", "b"]) }
case "setproduct_sets" { expr = setproduct(toset(["x", "y"]), toset([1])) }
case "setproduct_empty" { expr = setproduct([], ["a"]) }
case "setproduct_objects" { expr = setproduct([{ n = "a" }], ["1", "2"]) }
case "setunion" { expr = setunion(["a", "b"], ["b", "c"]) }
case "setintersection" { expr = setintersection(["a", "b"], ["b", "c"], ["b", "d"]) }
case "setsubtract" { expr = setsubtract(["a", "b", "c"], ["a", "c"]) }
case "range_one" { expr = range(3) }
case "range_two" { expr = range(1, 4) }
case "range_step" { expr = range(1, 8, 2) }
case "range_down" { expr = range(4, 1) }
case "range_float" { expr = range(0, 1, 0.25) }
case "one_single" { expr = one(["x"]) }
case "one_empty" { expr = one([]) }
case "one_set" { expr = one(toset(["y"])) }
case "one_too_many" { expr = one(["a", "b"]) }
case "one_empty_var" { expr = one(var.empty_list) }
case "alltrue_yes" { expr = alltrue([true, "true"]) }
case "alltrue_empty" { expr = alltrue([]) }
case "alltrue_no" { expr = alltrue([true, false]) }
case "anytrue_yes" { expr = anytrue([false, true]) }
case "anytrue_empty" { expr = anytrue([]) }
case "alltrue_null_error" { expr = alltrue([true, null]) }
case "sum_basic" { expr = sum([1, 2, 3.5]) }
case "sum_empty_error" { expr = sum([]) }
case "sum_strings" { expr = sum(["1", "2"]) }
case "min_max" { expr = [min(3, 1, 2), max(3, 1, 2)] }
case "max_spread" { expr = max(var.numbers...) }
case "min_empty_error" { expr = min() }
case "abs_ceil_floor" { expr = [abs(-3.5), ceil(1.2), floor(-1.2)] }
case "parseint_hex" { expr = parseint("ff", 16) }
case "parseint_binary" { expr = parseint("-1010", 2) }
case "parseint_bad" { expr = parseint("zz", 10) }
case "pow_log_signum" { expr = [pow(2, 10), log(8, 2), signum(-4)] }
case "matchkeys" { expr = matchkeys(["i-1", "i-2", "i-3"], ["a", "b", "a"], ["a"]) }
case "transpose" { expr = transpose({ a = ["1", "2"], b = ["2", "3"] }) }
case "spread_args" { expr = concat(var.users[*].name...) }
case "spread_concat" { expr = concat([["a"], ["b"]]...) }

# ---- encoding -------------------------------------------------------------------------
case "jsonencode_object" { expr = jsonencode({ b = 1, a = [true, null, "s"] }) }
case "jsonencode_string_escapes" { expr = jsonencode("<tag>&\"x\"") }
case "jsonencode_var" { expr = jsonencode(var.obj) }
case "jsonencode_number" { expr = jsonencode(1.5e3) }
case "jsonencode_set" { expr = jsonencode(toset(["b", "a"])) }
case "jsonencode_policy" {
  expr = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.example.com" }
      Condition = { StringEquals = { "oidc.example.com:sub" = "system:serviceaccount:kube-system:karpenter" } }
    }]
  })
}
case "jsondecode_object" { expr = jsondecode("{\"hello\": \"world\", \"n\": [1, 2.5, null, true]}") }
case "jsondecode_scalar" { expr = jsondecode("\"x\"") }
case "jsondecode_bad" { expr = jsondecode("{bad") }
case "jsondecode_big_number" { expr = jsondecode("12345678901234567890") }
case "json_roundtrip" { expr = jsondecode(jsonencode(var.users))[1].name }
case "yamlencode_object" { expr = yamlencode({ a = "b", c = [1, 2], d = { e = true } }) }
case "yamlencode_list" { expr = yamlencode(["x", { y = null }]) }
case "yamlencode_multiline" { expr = yamlencode({ s = "line1\nline2\n" }) }
case "yamlencode_special_strings" { expr = yamlencode(["yes", "1", "", "a: b", "true"]) }
case "yamldecode_map" { expr = yamldecode("hello: world\nlist: [1, 2]\nflag: true\n") }
case "yamldecode_multi_doc" { expr = yamldecode("a: 1\n---\nb: 2\n") }
case "yamldecode_scalar_types" { expr = yamldecode("[1, 1.5, 'x', ~, yes, 0x10]") }
case "yamldecode_anchor" { expr = yamldecode("base: &b {x: 1}\nother: *b\n") }
case "yamldecode_bad" { expr = yamldecode("a: [") }
case "yaml_roundtrip" { expr = yamldecode(yamlencode(var.obj)).tags.team }
case "csvdecode" { expr = csvdecode("a,b\n1,2\n3,4\n") }
case "base64encode" { expr = base64encode("Hello World") }
case "base64decode" { expr = base64decode("SGVsbG8gV29ybGQ=") }
case "base64decode_bad" { expr = base64decode("@@@") }
case "base64_roundtrip" { expr = base64decode(base64encode(jsonencode({ a = 1 }))) }
case "base64gzip" { expr = base64gzip("hello") }
case "base64sha256" { expr = base64sha256("hello") }
case "base64sha512" { expr = base64sha512("hello") }
case "textencodebase64" { expr = textencodebase64("Hello", "UTF-16LE") }
case "textdecodebase64" { expr = textdecodebase64("SABlAGwAbABvAA==", "UTF-16LE") }
case "urlencode" { expr = urlencode("Hello World/?a=b&c") }
case "md5" { expr = md5("hello world") }
case "sha1" { expr = sha1("hello world") }
case "sha256" { expr = sha256("hello world") }
case "sha512" { expr = sha512("hello world") }

# ---- network --------------------------------------------------------------------------
case "cidrsubnet" { expr = cidrsubnet("10.0.0.0/16", 8, 2) }
case "cidrsubnet_v6" { expr = cidrsubnet("fd00:fd12:3456:7890::/56", 16, 162) }
case "cidrsubnet_overflow" { expr = cidrsubnet("10.0.0.0/30", 8, 1) }
case "cidrhost" { expr = cidrhost("10.12.112.0/20", 16) }
case "cidrhost_negative" { expr = cidrhost("10.12.112.0/20", -1) }
case "cidrnetmask" { expr = cidrnetmask("172.16.0.0/12") }
case "cidrsubnets" { expr = cidrsubnets("10.1.0.0/16", 4, 4, 8, 4) }
case "cidrsubnets_for_azs" { expr = [for i, az in ["a", "b", "c"] : cidrsubnet("10.0.0.0/16", 4, i)] }

# ---- filesystem and paths ---------------------------------------------------------------
case "basename" { expr = basename("foo/bar/baz.txt") }
case "dirname" { expr = dirname("foo/bar/baz.txt") }
case "fileexists_missing" { expr = fileexists("no-such-file.txt") }
case "file_missing" { expr = file("no-such-file.txt") }
case "path_module" { expr = path.module }

# ---- apply-time values ------------------------------------------------------------------
case "timestamp" {
  expr            = timestamp()
  unknown_because = "timestamp() is the time of apply; Terraform's console prints the current time"
}
case "uuid" {
  expr            = uuid()
  unknown_because = "uuid() is new on every call"
}
case "timestamp_length" {
  expr            = length(timestamp())
  unknown_because = "timestamp() is the time of apply"
}
case "sensitive_value" { expr = nonsensitive(sensitive("secret")) }
case "formatdate" { expr = formatdate("YYYY-MM-DD hh:mm", "2024-03-05T07:08:09Z") }
case "timeadd" { expr = timeadd("2024-01-01T00:00:00Z", "36h") }
case "uuidv5" { expr = uuidv5("dns", "example.com") }

# ---- patterns from real modules -----------------------------------------------------------
case "irsa_condition_key" {
  expr = "${replace("https://oidc.eks.us-east-1.amazonaws.com/id/EXAMPLE", "https://", "")}:sub"
}
case "trimprefix_issuer" { expr = trimprefix("https://oidc.example.com/id/1", "https://") }
case "node_group_defaults" {
  expr = { for k, v in var.node_groups : k => merge({ min_size = 1, max_size = 3 }, v) }
}
case "node_group_lookup_default" {
  expr = [for k, v in var.node_groups : lookup(v, "labels", {})]
}
case "try_instance_types" { expr = { for k, v in var.node_groups : k => try(v.instance_types[0], "m5.large") } }
case "create_guard_count" { expr = var.create && length(var.empty_list) == 0 ? 1 : 0 }
case "subnet_map" { expr = { for i, s in var.obj.subnets : s => i } }
case "tags_from_list" { expr = merge([for u in var.users : { (u.name) = u.role }]...) }
case "dynamic_key" { expr = { (var.obj.name) = 1, "${var.obj.name}-x" = 2 } }
case "key_expression_paren" { expr = { (var.str) = true } }
case "account_from_arn" { expr = split(":", "arn:aws:iam::111122223333:role/node")[4] }
case "role_name_from_arn" { expr = element(split("/", "arn:aws:iam::111122223333:role/path/node"), length(split("/", "arn:aws:iam::111122223333:role/path/node")) - 1) }
case "coalesce_var_default" { expr = coalesce(var.null_string, var.obj.name) }
case "object_with_null_attr" { expr = { a = null, b = 1 } }
case "list_with_trailing_comma" { expr = ["a", "b", ] }
case "nested_ternary_in_for" { expr = [for n in var.numbers : n > 1 ? "big" : "small"] }
case "setproduct_for" { expr = [for p in setproduct(["a", "b"], [1, 2]) : "${p[0]}${p[1]}"] }
case "distinct_flatten" { expr = distinct(flatten([for k, g in var.node_groups : g.instance_types])) }
case "keys_sorted_for" { expr = [for k in sort(keys(var.node_groups)) : upper(k)] }
case "contains_keys" { expr = contains(keys(var.node_groups), "gpu") }
case "compact_concat" { expr = compact(concat(var.list, [""], [var.str])) }
case "alltrue_for" { expr = alltrue([for k, g in var.node_groups : g.min_size >= 0]) }
case "anytrue_for" { expr = anytrue([for u in var.users : u.role == "admin"]) }
case "can_cidr" { expr = can(cidrhost("10.0.0.0/8", 0)) }
case "length_regexall_guard" { expr = length(regexall("^arn:aws", "arn:aws:iam::1:role/x")) > 0 }
case "tostring_in_for_key" { expr = { for i, v in var.numbers : tostring(i) => v } }
case "for_grouping_length" { expr = { for k, v in { for u in var.users : u.role => u.name... } : k => length(v) } }

# ---- typed variables: conversion and optional attributes -------------------------
case "list_of_objects_defaults" { expr = var.list_of_objects }
case "list_of_objects_ports" { expr = var.list_of_objects[*].port }
case "map_any_unified" { expr = var.map_any }
case "tuple_typed_converted" { expr = var.tuple_typed }
case "set_dupes" { expr = var.set_dupes }
case "extra_attrs_dropped" { expr = var.extra_attrs }
case "nested_optional_defaults" { expr = var.nested_optional }
case "nested_optional_types" { expr = var.nested_optional.logging.types }
case "opt_d_null" { expr = var.opt.d == null }

# ---- more operators and conditionals -------------------------------------------------
case "and_null_guard" {
  expr                 = var.null_any != null && var.null_any.a == 1
  newer_terraform      = "&& and || short-circuit in hcl 2.25 (faultline's), as in Terraform releases built on it; Terraform 1.11 evaluates both sides and fails"
  newer_terraform_json = "false"
}
case "or_short_circuit" {
  expr                 = true || var.null_any.a
  newer_terraform      = "&& and || short-circuit in hcl 2.25 (faultline's), as in Terraform releases built on it; Terraform 1.11 evaluates both sides and fails"
  newer_terraform_json = "true"
}
case "string_less_than_error" { expr = "a" < "b" }
case "eq_set_set" { expr = toset(["a", "b"]) == toset(["b", "a"]) }
case "eq_empty_list_map" { expr = [] == {} }
case "eq_tolist_empty" { expr = tolist([]) == [] }
case "eq_nested" { expr = { a = [1, { b = "x" }] } == { a = [1, { b = "x" }] } }
case "neq_number_bool" { expr = 1 != true }
case "cond_empty_vs_list" { expr = true ? [] : ["a"] }
case "cond_empty_vs_object" { expr = false ? {} : { a = 1 } }
case "cond_null_vs_string" { expr = true ? null : "a" }
case "cond_number_null" { expr = false ? 1 : null }
case "cond_object_or_null" { expr = var.create ? var.obj.tags : null }
case "cond_list_types_unify" { expr = var.create ? ["a"] : tolist(["b", "c"]) }
case "cond_incompatible_objects" { expr = var.create ? { a = 1 } : { b = "x" } }
case "cond_string_number" { expr = var.create ? "5" : 6 }
case "unary_not_string" { expr = !"true" }
case "neg_string" { expr = -"5" }
case "mod_float" { expr = 5.5 % 2 }
case "big_float_precision" { expr = 1 / 3 }
case "tostring_third" { expr = tostring(1 / 3) }
case "tostring_big" { expr = tostring(1e21) }
case "tostring_small" { expr = tostring(0.000001) }
case "interp_big_number" { expr = "${1e30}" }
case "int_float_print" { expr = "${2.0}" }
case "negative_zero" { expr = -0 }
case "ceil_negative_half" { expr = ceil(-0.5) }
case "parseint_int64_max" { expr = parseint("7fffffffffffffff", 16) }
case "parseint_bad_base" { expr = parseint("10", 1) }
case "parseint_prefix" { expr = parseint("0x10", 16) }
case "floor_big" { expr = floor(1e20 + 0.5) }
case "max_string_numbers" { expr = max("3", 2) }
case "min_spread_list" { expr = min(var.numbers...) }
case "abs_list_error" { expr = abs([1]) }

# ---- more indexing, splats and for --------------------------------------------------
case "map_dot_attr" { expr = var.map_str.a }
case "map_number_index" { expr = { "1" = "x" }[1] }
case "tuple_string_index" { expr = ["a", "b"]["1"] }
case "splat_bracket_attr" { expr = var.users[*]["name"] }
case "splat_lists_of_lists" { expr = [[1, 2], [3]][*][0] }
case "splat_missing_attr" { expr = var.users[*].nope }
case "splat_then_length" { expr = length(var.list_of_objects[*].name) }
case "for_over_string_error" { expr = [for c in "abc" : c] }
case "for_over_set_of_objects" { expr = [for o in toset([{ a = 1 }, { a = 2 }]) : o.a] }
case "for_set_index_is_value" { expr = [for i, v in toset(["x", "y"]) : i] }
case "for_map_sorted_keys" { expr = [for k, v in { z = 1, a = 2, m = 3 } : k] }
case "for_object_result_sorted" { expr = { for s in ["z", "a"] : s => s } }
case "for_key_null_error" { expr = { for s in ["a"] : null => s } }
case "for_key_list_error" { expr = { for s in ["a"] : [s] => s } }
case "for_value_types_mixed" { expr = { for k, v in { a = 1, b = "x" } : k => v } }
case "for_grouping_objects" { expr = { for o in var.list_of_objects : o.port => o.name... } }
case "for_nested_map" { expr = { for k, g in var.node_groups : k => { for i, t in g.instance_types : t => i } } }
case "for_list_of_maps_merge" { expr = merge([for k, g in var.node_groups : { for t in g.instance_types : "${k}-${t}" => g.min_size }]...) }
case "for_if_uses_index" { expr = [for i, s in var.list : s if i % 2 == 0] }
case "object_duplicate_key" { expr = { a = 1, a = 2 } }
case "object_key_number" { expr = { 1 = "one" } }
case "object_key_quoted_mixed" { expr = { "a-b" = 1, "c d" = 2, e = 3 } }

# ---- more string functions ---------------------------------------------------------------
case "format_list_arg_error" { expr = format("%s", [1, 2]) }
case "format_v_list" { expr = format("%v", [1, "a"]) }
case "format_precision_width" { expr = format("%8.3f|", 3.14159) }
case "format_q_width" { expr = format("%-8q|", "ab") }
case "format_hash_v_string" { expr = format("%#v", "x") }
case "format_s_number" { expr = format("%s", 12.5) }
case "format_s_bool" { expr = format("%s", true) }
case "format_d_string_number" { expr = format("%d", "12") }
case "format_null_arg" {
  expr                 = format("%v", null)
  newer_terraform      = "go-cty 1.16.1 formats a null of unknown type as null, as documented (faultline's go-cty); older Terraform leaves the call unknown"
  newer_terraform_json = "\"null\""
}
case "format_bad_verb" { expr = format("%z", 1) }
case "format_extra_args" { expr = format("%s", "a", "b") }
case "formatlist_empty" { expr = formatlist("%s", []) }
case "formatlist_no_lists" { expr = formatlist("%s", "a") }
case "split_multi_char" { expr = split("::", "a::b::::c") }
case "split_empty_sep" { expr = split("", "abc") }
case "join_set" { expr = join(",", toset(["b", "a"])) }
case "join_not_strings_error" { expr = join(",", [[1]]) }
case "replace_dollar_literal" { expr = replace("a.b", "/\\./", "$$") }
case "replace_regex_anchors" { expr = replace("  padded  ", "/^\\s+|\\s+$/", "") }
case "replace_regex_unicode" { expr = replace("naïve café", "/[^a-z ]/", "_") }
case "replace_multiple" { expr = replace("aaa", "a", "bb") }
case "regex_single_group_list" { expr = regex("a(b)c", "abc") }
case "regex_no_groups_string" { expr = regex("b+", "abbbc") }
case "regex_mixed_named_error" { expr = regex("(?P<x>a)(b)", "ab") }
case "regex_bad_pattern" { expr = regex("(", "a") }
case "regexall_named" { expr = regexall("(?P<k>\\w)=(?P<v>\\d)", "a=1 b=2") }
case "startswith_empty" { expr = startswith("abc", "") }
case "strcontains_case" { expr = strcontains("Hello", "hello") }
case "substr_length_minus_one" { expr = substr("hello", 2, -1) }
case "substr_offset_negative_past" { expr = substr("hi", -5, 1) }
case "title_unicode" { expr = title("élan vital") }
case "lower_unicode" { expr = lower("ÀÉÎ") }
case "trimspace_unicode" { expr = trimspace("\u00a0 x \u2003") }
case "trim_multi" { expr = trim("xyhixy", "xy") }
case "trimprefix_repeat" { expr = trimprefix("aaab", "a") }
case "trimsuffix_whole" { expr = trimsuffix("abc", "abc") }
case "indent_empty_lines" { expr = indent(4, "a\n\nb\n") }
case "indent_zero" { expr = indent(0, "a\nb") }
case "chomp_middle" { expr = chomp("a\nb\n") }
case "strrev_combining" { expr = strrev("e\u0301x") }
case "urlencode_unicode" { expr = urlencode("café ☕") }
case "base64encode_unicode" { expr = base64encode("ünïcödé") }
case "base64decode_invalid_utf8" { expr = base64decode("/w==") }
case "md5_unicode" { expr = md5("é") }
case "sort_null_error" { expr = sort(["a", null]) }
case "sort_empty" { expr = sort([]) }
case "length_of_template" { expr = length("${var.obj.name}-${var.obj.port}") }

# ---- more collection functions ---------------------------------------------------------
case "coalesce_lists_error" { expr = coalesce([], ["a"]) }
case "coalesce_bools" { expr = coalesce(false, true) }
case "coalesce_number_string" { expr = coalesce("", 0) }
case "coalescelist_tuples" { expr = coalescelist([], [1, "a"]) }
case "coalescelist_non_list_error" { expr = coalescelist("a") }
case "distinct_objects" { expr = distinct([{ a = 1 }, { a = 1 }, { a = 2 }]) }
case "distinct_empty" { expr = distinct([]) }
case "flatten_map_error" { expr = flatten({ a = [1] }) }
case "flatten_deep" { expr = flatten([[[["deep"]]]]) }
case "flatten_mixed_types" { expr = flatten([[1], ["a"], [true]]) }
case "keys_tuple_error" { expr = keys(["a"]) }
case "keys_empty_object" { expr = keys({}) }
case "values_empty" { expr = values({}) }
case "values_nested_objects" { expr = values({ b = { x = 1 }, a = { y = 2 } }) }
case "merge_null_value" { expr = merge({ a = 1 }, { a = null }) }
case "merge_object_and_map" { expr = merge(var.map_str, { n = 1 }) }
case "merge_many" { expr = merge({ a = 1 }, { b = 2 }, { c = 3 }, { a = 4 }) }
case "lookup_map_wrong_default" { expr = lookup(var.map_str, "zz", [1]) }
case "lookup_nested_object" { expr = lookup(var.obj, "tags", {}) }
case "lookup_map_number_default" { expr = lookup(var.map_str, "zz", 5) }
case "contains_null" { expr = contains(["a", null], null) }
case "contains_object" { expr = contains([{ a = 1 }], { a = 1 }) }
case "contains_map_error" { expr = contains({ a = 1 }, 1) }
case "index_fn_number" { expr = index([1, 2, 3], 3) }
case "index_fn_string_number" { expr = index(["1", "2"], 2) }
case "index_fn_empty" { expr = index([], "a") }
case "element_tuple_mixed" { expr = element(["a", 1, true], 1) }
case "element_float_index" { expr = element(["a", "b"], 1.5) }
case "slice_reverse_error" { expr = slice(["a", "b", "c"], 2, 1) }
case "slice_tuple" { expr = slice(["a", 1, true], 0, 2) }
case "reverse_tuple" { expr = reverse(["a", 1]) }
case "reverse_string_error" { expr = reverse("abc") }
case "reverse_set_error" { expr = reverse(toset(["a"])) }
case "zipmap_duplicate_keys" { expr = zipmap(["a", "a"], [1, 2]) }
case "zipmap_empty" { expr = zipmap([], []) }
case "zipmap_null_key" { expr = zipmap([null], [1]) }
case "chunklist_tuple" { expr = chunklist(["a", 1, true], 2) }
case "setproduct_single" { expr = setproduct(["a", "b"]) }
case "setproduct_none_error" { expr = setproduct() }
case "setunion_types" { expr = setunion(["a"], [1]) }
case "setsubtract_empty" { expr = setsubtract(["a"], []) }
case "setintersection_none" { expr = setintersection(["a"], ["b"]) }
case "range_zero" { expr = range(0) }
case "range_negative_limit" { expr = range(-3) }
case "range_equal" { expr = range(1, 1) }
case "range_step_zero_error" { expr = range(1, 5, 0) }
case "range_large_length" { expr = length(range(2000)) }
case "range_wrong_direction" { expr = range(1, 5, -1) }
case "one_map_error" { expr = one({ a = 1 }) }
case "one_tuple_object" { expr = one([{ a = 1 }]) }
case "one_null_error" { expr = one(null) }
case "alltrue_strings" { expr = alltrue(["true", "false"]) }
case "anytrue_null" { expr = anytrue([null, false]) }
case "anytrue_bad_string" { expr = anytrue(["maybe"]) }
case "sum_null_element" { expr = sum([1, null]) }
case "sum_floats" { expr = sum([0.1, 0.2, 0.3]) }
case "sum_set" { expr = sum(toset([1, 2, 2])) }
case "tobool_null" { expr = tobool(null) }
case "tonumber_null" { expr = tonumber(null) }
case "tolist_null" { expr = tolist(null) }
case "tomap_nested" { expr = tomap({ a = { x = 1 }, b = { x = 2 } }) }
case "tomap_differing_objects" { expr = tomap({ a = { x = 1 }, b = { y = 2 } }) }
case "toset_objects" { expr = toset([{ a = 1 }, { a = 1 }]) }
case "tostring_string" { expr = tostring("x") }
case "transpose_empty" { expr = transpose({}) }
case "matchkeys_empty_search" { expr = matchkeys(["a"], ["k"], []) }
case "matchkeys_length_error" { expr = matchkeys(["a"], ["k", "j"], ["k"]) }

# ---- more encoding ---------------------------------------------------------------------------
case "jsonencode_unicode" { expr = jsonencode("héllo ☕") }
case "jsonencode_big_number" { expr = jsonencode(12345678901234567890) }
case "jsonencode_float" { expr = jsonencode(0.1 + 0.2) }
case "jsonencode_null" { expr = jsonencode(null) }
case "jsonencode_map_typed" { expr = jsonencode(var.map_str) }
case "jsonencode_empty" { expr = jsonencode([{}, []]) }
case "jsondecode_unicode_escape" { expr = jsondecode("\"\\u00e9\\n\"") }
case "jsondecode_nested_types" { expr = jsondecode("[{\"a\": [1, {\"b\": null}]}, \"x\"]") }
case "jsondecode_empty_object" { expr = jsondecode("{}") }
case "jsondecode_trailing_garbage" { expr = jsondecode("{} x") }
case "jsondecode_duplicate_keys" { expr = jsondecode("{\"a\": 1, \"a\": 2}") }
case "yamlencode_number_float" { expr = yamlencode({ a = 1.5, b = 100, c = 1e21 }) }
case "yamlencode_empty" { expr = yamlencode({}) }
case "yamlencode_null" { expr = yamlencode(null) }
case "yamlencode_nested_list" { expr = yamlencode({ a = [[1, 2], []] }) }
case "yamlencode_unicode" { expr = yamlencode({ s = "héllo ☕" }) }
case "yamlencode_long_string" { expr = yamlencode({ s = "a very long string that goes on and on past the eighty column limit that yaml encoders often fold at" }) }
case "yamldecode_timestamp" { expr = yamldecode("t: 2024-01-02T03:04:05Z") }
case "yamldecode_merge_key" { expr = yamldecode("base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  y: 3\n") }
case "yamldecode_empty" { expr = yamldecode("") }
case "yamldecode_block_scalar" { expr = yamldecode("s: |\n  line1\n  line2\nf: >\n  folded\n  text\n") }
case "yamldecode_quoted_number" { expr = yamldecode("a: '1'\nb: \"2\"\nc: 3") }
case "yamldecode_octal_and_bools" { expr = yamldecode("[0o17, 017, on, off, True, NO, null, Null, '~']") }
case "yamldecode_binary" { expr = yamldecode("!!binary aGVsbG8=") }
case "yamldecode_list_of_maps" { expr = yamldecode("- name: a\n  v: 1\n- name: b\n") }
case "csvdecode_quotes" { expr = csvdecode("a,b\n\"x,y\",\"he said \"\"hi\"\"\"\n") }
case "csvdecode_mismatch_error" { expr = csvdecode("a,b\n1\n") }
case "csvdecode_header_only" { expr = csvdecode("a,b\n") }
case "base64sha256_unicode" { expr = base64sha256("é") }
case "textencodebase64_bad_encoding" { expr = textencodebase64("x", "NOPE-1") }

# ---- more network ---------------------------------------------------------------------------
case "cidrsubnets_too_big_error" { expr = cidrsubnets("10.0.0.0/30", 4) }
case "cidrhost_out_of_range" { expr = cidrhost("10.0.0.0/30", 8) }
case "cidrhost_v6" { expr = cidrhost("fd00::/64", 5) }
case "cidrnetmask_v6_error" { expr = cidrnetmask("fd00::/64") }
case "cidrsubnet_bad_prefix" { expr = cidrsubnet("not-a-cidr", 8, 1) }
case "cidrsubnet_host_bits" { expr = cidrsubnet("10.1.2.3/16", 8, 4) }
case "cidrsubnets_none" { expr = cidrsubnets("10.0.0.0/16") }

# ---- more time --------------------------------------------------------------------------------
case "formatdate_names" { expr = formatdate("EEE, DD MMM YYYY hh:mm:ss ZZZ", "2018-01-02T23:12:01Z") }
case "formatdate_literal" { expr = formatdate("h'h' m'm'", "2018-01-02T03:04:05Z") }
case "formatdate_offset" { expr = formatdate("YYYY-MM-DD'T'hh:mmZZZZZ", "2018-01-02T23:12:01-08:00") }
case "formatdate_bad_time" { expr = formatdate("YYYY", "yesterday") }
case "timeadd_negative" { expr = timeadd("2024-01-01T00:00:00Z", "-90m") }
case "timeadd_bad_duration" { expr = timeadd("2024-01-01T00:00:00Z", "1 day") }
case "timecmp" { expr = [timecmp("2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z"), timecmp("2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z")] }
case "uuidv5_url" { expr = uuidv5("url", "https://example.com/") }
case "uuidv5_bad_namespace" { expr = uuidv5("nope", "x") }
case "plantimestamp" {
  expr            = plantimestamp()
  unknown_because = "plantimestamp() is the time of the plan"
}
case "bcrypt" {
  expr            = bcrypt("secret")
  unknown_because = "bcrypt() salts with random bytes: a new value on every call"
}

# ---- files and templates (files/ sits in the case's directory) ------------------------
case "file_json" { expr = jsondecode(file("files/settings.json")).sizes }
case "file_yaml" { expr = yamldecode(file("${path.module}/files/values.yaml")) }
case "fileexists_present" { expr = fileexists("files/greeting.tpl") }
case "fileexists_directory" { expr = fileexists("files") }
case "templatefile_loop" { expr = templatefile("files/greeting.tpl", { name = "team", ports = [80, 443] }) }
case "templatefile_missing_var" { expr = templatefile("files/greeting.tpl", { name = "team" }) }
case "templatefile_missing_file" { expr = templatefile("files/nope.tpl", {}) }
case "templatestring_var" { expr = templatestring(var.tpl, { name = "x", items = ["a", "b"] }) }
case "filebase64" { expr = filebase64("files/settings.json") }
case "filemd5" { expr = filemd5("files/settings.json") }
case "filesha256" { expr = filesha256("files/settings.json") }
case "filebase64sha256" { expr = filebase64sha256("files/settings.json") }
case "fileset" { expr = fileset(path.module, "files/*.{json,yaml}") }
case "path_root" { expr = path.root }
case "terraform_workspace" {
  expr            = terraform.workspace
  unknown_because = "the workspace is chosen when Terraform runs (-workspace / TF_WORKSPACE), not in configuration"
}

# ---- sensitivity ------------------------------------------------------------------------------
case "issensitive" {
  expr            = [issensitive(sensitive("x")), issensitive("x")]
  unknown_because = "faultline reads values without sensitivity marks (sensitive() returns its argument)"
}
case "nonsensitive_plain_error" { expr = nonsensitive("plain") }

# ---- variable type conversion ---------------------------------------------------------
case "var_number_from_string" { expr = var.num_from_string + 1 }
case "var_string_from_number" { expr = var.string_from_num }
case "var_bool_from_string" { expr = var.bool_from_string }
case "var_list_from_numbers" { expr = var.list_from_numbers }
case "var_sensitive_nonsensitive" { expr = nonsensitive(var.secret) }
case "var_sensitive_length" { expr = length(nonsensitive(var.secret)) }
case "var_not_nullable" { expr = var.not_nullable }

# ---- more patterns from real modules ------------------------------------------------------
case "for_merge_drop_nulls" { expr = { for k, v in merge(var.obj.tags, { extra = null }) : k => v if v != null } }
case "compact_null_var" { expr = compact([var.null_string]) }
case "coalescelist_empty_any" { expr = coalescelist(var.empty_list, ["default"]) }
case "length_compact_nulls" { expr = length(compact([var.null_string, ""])) }
case "concat_empty_any_and_list" { expr = concat(var.empty_list, var.list) }
case "element_concat_blank" { expr = element(concat(var.empty_list, [""]), 0) }
case "join_empty_any" { expr = join(",", var.empty_list) }
case "cond_list_or_empty_tuple" { expr = var.create ? var.list : [] }
case "cond_map_or_empty" { expr = var.create ? var.map_str : {} }
case "not_create_or_length" { expr = !var.create || length(var.list) > 0 }
case "contains_null_needle" {
  expr                 = contains(["a", "b"], var.null_string)
  newer_terraform      = "go-cty 1.18.1 lets contains() look for a null (faultline's go-cty); Terraform built on an older go-cty refuses a null value"
  newer_terraform_json = "false"
}
case "for_if_optional_bool" { expr = { for k, v in var.typed_groups : k => v.size if v.spot } }
case "coalesce_null_zones" { expr = [for z in coalesce(var.typed_groups.one.zones, ["default"]) : z] }
case "lookup_typed_object" { expr = lookup(var.typed_groups["two"], "zones", []) }
case "try_null_zones_index" { expr = try(var.typed_groups.one.zones[0], null) }
case "flatten_group_zones" {
  expr = flatten([for k, v in var.typed_groups : [for z in coalesce(v.zones, []) : { group = k, zone = z }]])
}
case "sum_group_sizes" { expr = sum([for k, v in var.typed_groups : v.size]) }
case "max_floor_zero" { expr = max(0, var.num - 50) }
case "short_hash_suffix" { expr = substr(md5("cluster-a"), 0, 8) }
case "camel_from_snake" { expr = replace(title(replace("node_group_name", "_", " ")), " ", "") }
case "sanitize_name" { expr = lower(replace(var.str, "/[^a-zA-Z0-9]/", "-")) }
case "arn_partition_named" { expr = regex("^arn:(?P<partition>[^:]+):", "arn:aws-us-gov:iam::1:role/x").partition }
case "yaml_file_to_json" { expr = jsonencode(yamldecode(file("files/values.yaml"))) }
case "base64_templatefile" { expr = base64encode(templatefile("files/greeting.tpl", { name = "n", ports = [] })) }
case "keys_typed_groups" { expr = keys(var.typed_groups) }
case "values_splat_sizes" { expr = values(var.typed_groups)[*].size }
case "tags_merge_conditional" { expr = merge(var.obj.tags, var.create ? { Owner = "me" } : {}) }
case "length_keys_filter" { expr = length([for k, v in var.node_groups : k if try(v.labels.role, "") == "general"]) }
case "nested_try_can" { expr = try(can(regex("x", var.null_string)) ? "matched" : "no", "errored") }
case "count_from_bool" { expr = var.create ? length(var.list) : 0 }
case "zipmap_from_splat" { expr = zipmap(var.users[*].name, var.users[*].role) }
case "to_set_of_roles" { expr = toset(var.users[*].role) }
case "one_of_filter" { expr = one([for u in var.users : u.name if u.role == "admin"]) }
case "setproduct_to_map" {
  expr = { for p in setproduct(keys(var.node_groups), ["a", "b"]) : "${p[0]}-${p[1]}" => p }
}
case "format_arn" { expr = format("arn:%s:iam::%s:role/%s", "aws", "111122223333", var.obj.name) }
case "templatefile_yaml" { expr = yamldecode(templatefile("files/values.yaml", {})) }

# ---- more templates and heredocs --------------------------------------------------------------
case "template_nested_string" { expr = "${"inner ${var.obj.name}"}!" }
case "template_for_map" { expr = "%{for k, v in var.obj.tags}${k}=${v};%{endfor}" }
case "template_if_else_strip" { expr = "[%{if var.create~} yes %{~else~} no %{~endif}]" }
case "template_nested_for_if" { expr = "%{for u in var.users}%{if u.role == "dev"}${u.name} %{endif}%{endfor}" }
case "template_number_format" { expr = "${0.5 + 0.25}|${10 / 4}|${1e3}" }
case "template_unicode" { expr = "☕ ${"é"}" }
case "heredoc_escapes" {
  expr = <<-EOT
    literal $${not_interpolated} and %%{not_a_directive}
    tab	inside
  EOT
}
case "heredoc_blank_lines" {
  expr = <<-EOT
    first

      indented after blank
    last
  EOT
}
case "heredoc_strip_for" {
  expr = <<-EOT
    list:
    %{ for s in var.list ~}
    - ${s}
    %{ endfor ~}
    end
  EOT
}
case "heredoc_json" {
  expr = <<-EOT
    {
      "name": "${var.obj.name}",
      "ports": [%{ for i, p in [80, 443] }${i > 0 ? ", " : ""}${p}%{ endfor }]
    }
  EOT
}
case "heredoc_jsondecode" {
  expr = jsondecode(<<-EOT
    {"a": [1, 2], "b": {"c": "${var.obj.name}"}}
  EOT
  )
}
case "heredoc_least_indent" {
  expr = <<-EOT
      four
    two
        six
  EOT
}
case "heredoc_custom_marker" {
  expr = <<-POLICY
    marker POLICY inside
  POLICY
}

# ---- more numbers ------------------------------------------------------------------------------
case "pow_2_64" { expr = pow(2, 64) }
case "big_int_beyond_64bit" { expr = 18446744073709551616 * 18446744073709551616 }
case "big_parseint_binary" { expr = parseint("11111111111111111111111111111111111111111111111111111111111111111111", 2) }
case "tostring_big_int" { expr = tostring(9007199254740993) }
case "eq_big_ints" { expr = 9007199254740993 == 9007199254740992 }
case "float_mul_eq" { expr = 0.1 * 3 == 0.3 }
case "div_mul_roundtrip" { expr = 100 / 3 * 3 }
case "mod_negative_divisor" { expr = 5 % -3 }
case "half_times_two" { expr = 2 * 0.5 }
case "floor_negative_zero" { expr = floor(-0.0) }
case "number_to_string_concat" { expr = "${1 / 8}" }
case "number_compare_string" { expr = "1.0" == 1 }
case "max_floats" { expr = max(1.5, 1.25, -3) }
case "ceil_big" { expr = ceil(12345678901234567.5) }
case "signum_zero" { expr = signum(0) }
case "log_fraction" { expr = floor(log(1000, 10)) }
case "int_from_float_index" { expr = ["a", "b", "c"][1.0] }
case "fraction_index_error" { expr = ["a", "b", "c"][1.5] }

# ---- more conversions ------------------------------------------------------------------------
case "tostring_list_tolist_error" { expr = tostring(tolist(["a"])) }
case "tolist_object_error" { expr = tolist({ a = 1 }) }
case "toset_object_error" { expr = toset({ a = 1 }) }
case "tomap_tuple_error" { expr = tomap([1]) }
case "for_type_from_list" { expr = [for x in tolist(["a"]) : x] }
case "for_type_object" { expr = { for x in ["a"] : x => 1 } }
case "tolist_nested_unify" { expr = tolist([["a"], [1]]) }
case "tomap_of_lists" { expr = tomap({ a = ["x"], b = [] }) }
case "toset_of_lists" { expr = toset([["a"], ["a"], ["b"]]) }
case "tobool_number_error" { expr = tobool(1) }
case "tonumber_bool_error" { expr = tonumber(true) }
case "tostring_bool_false" { expr = tostring(false) }
case "list_of_maps_unify" { expr = tolist([{ a = "1" }, tomap({ b = "2" })]) }

# ---- remaining functions --------------------------------------------------------------------
case "ephemeralasnull_plain" { expr = ephemeralasnull("not ephemeral") }
case "pathexpand_plain" { expr = pathexpand("relative/dir") }
case "pathexpand_home" {
  expr            = pathexpand("~/.kube/config")
  unknown_because = "~ is the home directory of whoever runs Terraform"
}
case "abspath_is_absolute" { expr = startswith(abspath("files"), "/") && endswith(abspath("files"), "/files") }
case "provider_function" {
  expr            = provider::terraform::encode_expr({ a = 1 })
  unknown_because = "provider functions are not modelled"
}

# ---- values known only after apply (terraform_data.u.id) ------------------------------
case "unknown_id" { expr = terraform_data.u.id }
case "unknown_eq" { expr = terraform_data.u.id == "x" }
case "unknown_neq" { expr = terraform_data.u.id != "x" }
case "unknown_eq_self" { expr = terraform_data.u.id == terraform_data.u.id }
case "unknown_eq_null" {
  expr              = terraform_data.u.id == null
  faultline_decides = "faultline takes a value unknown before apply to be non-null (an unset optional argument is null, not a hole)"
  faultline_json    = "false"
}
case "unknown_for_eq" { expr = [for s in [terraform_data.u.id] : s == "x"] }
case "unknown_for_if_length" { expr = length([for s in [terraform_data.u.id, "b"] : s if s != "b"]) }
case "unknown_anytrue_for" { expr = anytrue([for s in [terraform_data.u.id] : s == "x"]) }
case "unknown_for_map_if" { expr = { for k, v in { a = terraform_data.u.id, b = "y" } : k => v if v == "y" } }
case "unknown_contains" { expr = contains(["x"], terraform_data.u.id) }
case "unknown_for_over_unknown" { expr = [for s in terraform_data.u.output : { id = s }] }
case "unknown_for_over_unknown_map" { expr = { for k, v in terraform_data.u.output : k => upper(v) } }
case "unknown_length_string" { expr = length(terraform_data.u.id) }
case "unknown_length_list" { expr = length([terraform_data.u.id, "a"]) }
case "unknown_upper" { expr = upper(terraform_data.u.id) }
case "unknown_template" { expr = "${terraform_data.u.id}:sub" }
case "unknown_coalesce" { expr = coalesce(terraform_data.u.id, "d") }
case "unknown_cond" { expr = terraform_data.u.id != "" ? "a" : "b" }
case "unknown_startswith" { expr = startswith(terraform_data.u.id, "a") }
case "unknown_startswith_prefix" { expr = startswith("prod-${terraform_data.u.id}", "pro") }
case "unknown_sort" { expr = sort([terraform_data.u.id, "a"]) }
case "unknown_keys" { expr = keys({ (terraform_data.u.id) = 1 }) }
case "unknown_lookup_key" { expr = lookup({ a = 1 }, terraform_data.u.id, 0) }
case "unknown_map_index_eq" { expr = tomap({ a = terraform_data.u.id })["a"] == "x" }
case "unknown_regex" { expr = regex("^a", terraform_data.u.id) }
case "unknown_can_regex" { expr = can(regex("^a", terraform_data.u.id)) }
case "unknown_can_attr" { expr = can(terraform_data.u.id.nope) }
case "unknown_try_attr" { expr = try(terraform_data.u.id.nope, "fallback") }
case "unknown_try_value" { expr = try(terraform_data.u.id, "fallback") }
case "unknown_replace" { expr = replace(terraform_data.u.id, "https://", "") }
case "unknown_jsonencode" { expr = jsonencode({ sub = "${terraform_data.u.id}:sub" }) }
case "unknown_distinct" { expr = length(distinct([terraform_data.u.id, "a"])) }
case "unknown_toset_length" { expr = length(toset([terraform_data.u.id, "a"])) }
case "unknown_merge_known_key" { expr = merge({ a = terraform_data.u.id }, { b = "x" }).b }
case "unknown_element" { expr = element([terraform_data.u.id, "b"], 1) }
case "unknown_index_fn" { expr = index([terraform_data.u.id, "b"], "b") }
case "unknown_alltrue" { expr = alltrue([terraform_data.u.id == "x", false]) }
case "unknown_and_false" { expr = terraform_data.u.id == "x" && false }
case "unknown_or_true" { expr = terraform_data.u.id == "x" || true }
case "unknown_format" { expr = format("%s-%s", "a", terraform_data.u.id) }
case "unknown_split_length" { expr = length(split(",", terraform_data.u.id)) }
case "unknown_compact" { expr = compact([terraform_data.u.id, ""]) }
case "unknown_one" { expr = one([terraform_data.u.id]) }
case "unknown_zipmap_keys" { expr = keys(zipmap(["a", "b"], [terraform_data.u.id, "x"])) }
case "unknown_cidrsubnet" { expr = cidrsubnet(terraform_data.u.id, 8, 1) }
case "unknown_endswith_suffix" {
  expr              = endswith("${terraform_data.u.id}.amazonaws.com", ".com")
  faultline_decides = "the literal end of the string decides it whatever the unknown part holds (Terraform refines prefixes only)"
  faultline_json    = "true"
}

# ---- try over a known object with unknown attribute values ---------------------
# An attribute the object does not have is an error whatever its other
# attributes hold, so try falls through to the next argument.
case "try_missing_attr_of_object_with_unknown" { expr = try({ id = terraform_data.u.id, name = "web" }.missing, true) }
case "try_present_unknown_attr" { expr = try({ id = terraform_data.u.id }.id, "x") }
case "try_missing_nested_attr_unknown_sibling" { expr = try({ inner = { id = terraform_data.u.id } }.inner.missing, "fallback") }
case "can_missing_attr_of_object_with_unknown" { expr = can({ id = terraform_data.u.id }.missing) }

# ---- provider functions: hashicorp/aws -------------------------------------
# Recorded with the provider required (scripts/conformance installs it from a
# filesystem mirror); faultline evaluates them without.
case "aws_arn_parse_role" { expr = provider::aws::arn_parse("arn:aws:iam::444455556666:role/example") }
case "aws_arn_parse_region" { expr = provider::aws::arn_parse("arn:aws-cn:eks:cn-north-1:111122223333:cluster/prod") }
case "aws_arn_parse_resource_colons" { expr = provider::aws::arn_parse("arn:aws:logs:eu-west-1:111122223333:log-group:/aws/eks/prod/cluster:*") }
case "aws_arn_parse_empty_sections" { expr = provider::aws::arn_parse("arn::::::") }
case "aws_arn_parse_attr" { expr = provider::aws::arn_parse("arn:aws-us-gov:iam::210987654321:role/nodes").account_id }
case "aws_arn_parse_bad_prefix" { expr = provider::aws::arn_parse("not-an-arn") }
case "aws_arn_parse_upper_prefix" { expr = provider::aws::arn_parse("ARN:aws:iam::444455556666:role/example") }
case "aws_arn_parse_few_sections" { expr = provider::aws::arn_parse("arn:aws:iam") }
case "aws_arn_parse_null" { expr = provider::aws::arn_parse(null) }
case "aws_arn_parse_unknown_resource" {
  expr              = provider::aws::arn_parse("arn:aws:iam::111122223333:role/${terraform_data.u.id}").account_id
  faultline_decides = "the unknown part lies after the five section separators: only the resource holds it"
  faultline_json    = "\"111122223333\""
}
case "aws_arn_parse_unknown_account" { expr = provider::aws::arn_parse("arn:aws:iam::${terraform_data.u.id}:role/nodes").partition }
case "aws_arn_build" { expr = provider::aws::arn_build("aws", "iam", "", "444455556666", "role/example") }
case "aws_arn_build_empty" { expr = provider::aws::arn_build("", "", "", "", "") }
case "aws_arn_build_number" { expr = provider::aws::arn_build("aws", "iam", "", 444455556666, "role/x") }
case "aws_arn_build_null" { expr = provider::aws::arn_build("aws", null, "", "444455556666", "role/x") }
case "aws_arn_build_unknown" { expr = provider::aws::arn_build("aws", "iam", "", "444455556666", "role/${terraform_data.u.id}") }
case "aws_arn_round_trip" {
  expr = [for a in [provider::aws::arn_parse("arn:aws:eks:us-east-1:111122223333:cluster/prod")] :
  provider::aws::arn_build(a.partition, a.service, a.region, a.account_id, a.resource)][0]
}
case "aws_trim_role_path" { expr = provider::aws::trim_iam_role_path("arn:aws:iam::444455556666:role/with/path/example") }
case "aws_trim_role_path_none" { expr = provider::aws::trim_iam_role_path("arn:aws:iam::444455556666:role/example") }
case "aws_trim_role_path_service_role" { expr = provider::aws::trim_iam_role_path("arn:aws-us-gov:iam::210987654321:role/aws-service-role/eks.amazonaws.com/AWSServiceRoleForAmazonEKS") }
case "aws_trim_role_path_trailing_slash" { expr = provider::aws::trim_iam_role_path("arn:aws:iam::444455556666:role/a/") }
case "aws_trim_role_path_user" { expr = provider::aws::trim_iam_role_path("arn:aws:iam::444455556666:user/path/example") }
case "aws_trim_role_path_bare_role" { expr = provider::aws::trim_iam_role_path("arn:aws:iam::444455556666:role") }
case "aws_trim_role_path_not_iam" { expr = provider::aws::trim_iam_role_path("arn:aws:s3:::role/a/b") }
case "aws_trim_role_path_bad_prefix" { expr = provider::aws::trim_iam_role_path("role/a/b") }
case "aws_trim_role_path_unknown" { expr = provider::aws::trim_iam_role_path("arn:aws:iam::444455556666:role/${terraform_data.u.id}/nodes") }
