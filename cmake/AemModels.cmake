# aem_add_models(TARGET name OUTPUT_DIR dir [FORMAT aem] [EXTENSION ext] [OPTIONS convert options...]
#                [OUTPUTS_VAR var] SOURCES model...)
# One build step per model (`aem convert IN OUT --depfile`), so the build system converts in parallel
# and again only when the model, a side file it read (.bin, .mtl, textures) or aem itself changed.
# Outputs are OUTPUT_DIR/<source name without its last extension>.<EXTENSION (default: FORMAT)>;
# texture files the conversion writes land beside them (their names are known only after the conversion,
# so the step declares the model alone and asks for a depfile naming only it), so install the folder:
#   install(DIRECTORY ${dir}/ DESTINATION share/game/models)
# The model files are also in the target's AEM_OUTPUTS property and in OUTPUTS_VAR.
# The aem tool: the imported target aem::aem_cli (find_package(aem)), the aem_cli target of a build
# that includes aem's sources, or the AEM_EXECUTABLE variable.
include_guard(GLOBAL)

if(NOT TARGET aem::aem_cli AND NOT TARGET aem_cli AND AEM_EXECUTABLE)
  add_executable(aem::aem_cli IMPORTED GLOBAL)
  set_target_properties(aem::aem_cli PROPERTIES IMPORTED_LOCATION "${AEM_EXECUTABLE}")
endif()

# Policies are recorded when a function is defined. With Ninja, the depfile goes to Ninja as aem wrote
# it (CMP0116 OLD): its paths are absolute, so nothing needs rewriting, and CMake 3.25's rewriting
# splits names escaped with `$$` or `\#`, which Ninja and Make read correctly.
cmake_policy(PUSH)
if(POLICY CMP0116)
  cmake_policy(SET CMP0116 OLD)
endif()
function(aem_add_models)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;OUTPUT_DIR;FORMAT;EXTENSION;OUTPUTS_VAR" "OPTIONS;SOURCES")
  if(NOT arg_TARGET OR NOT arg_OUTPUT_DIR OR NOT arg_SOURCES)
    message(FATAL_ERROR "aem_add_models: TARGET, OUTPUT_DIR and SOURCES are required")
  endif()
  if(NOT arg_FORMAT)
    set(arg_FORMAT aem)
  endif()
  if(NOT arg_EXTENSION)
    set(arg_EXTENSION ${arg_FORMAT})
  endif()
  if(TARGET aem::aem_cli)
    set(tool aem::aem_cli)
  elseif(TARGET aem_cli)
    set(tool aem_cli)
  else()
    message(FATAL_ERROR "aem_add_models: no aem tool (find_package(aem), or set AEM_EXECUTABLE)")
  endif()
  get_filename_component(out_dir "${arg_OUTPUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  file(MAKE_DIRECTORY "${out_dir}")
  set(outputs "")
  foreach(source IN LISTS arg_SOURCES)
    get_filename_component(input "${source}" ABSOLUTE)
    get_filename_component(stem "${source}" NAME_WLE)
    set(output "${out_dir}/${stem}.${arg_EXTENSION}")
    if(output IN_LIST outputs)
      message(FATAL_ERROR "aem_add_models: two sources would both write ${output}")
    endif()
    list(APPEND outputs "${output}")
    # Ninja names outputs inside the build folder relative to it, and the depfile must name the output
    # the same way: aem runs there and is given that name.
    file(RELATIVE_PATH named "${CMAKE_BINARY_DIR}" "${output}")
    if(named MATCHES "^\\.\\./")
      set(named "${output}")
    endif()
    add_custom_command(OUTPUT "${output}"
      COMMAND ${tool} convert "${input}" "${named}" --to ${arg_FORMAT} ${arg_OPTIONS} --depfile "${named}.d" --depfile-targets model
      DEPENDS "${input}" ${tool}
      DEPFILE "${output}.d"
      WORKING_DIRECTORY "${CMAKE_BINARY_DIR}"
      COMMENT "aem: converting ${source}"
      VERBATIM)
  endforeach()
  add_custom_target(${arg_TARGET} ALL DEPENDS ${outputs})
  set_property(TARGET ${arg_TARGET} PROPERTY AEM_OUTPUTS ${outputs})
  if(arg_OUTPUTS_VAR)
    set(${arg_OUTPUTS_VAR} ${outputs} PARENT_SCOPE)
  endif()
endfunction()
cmake_policy(POP)
