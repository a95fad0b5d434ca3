// The body of aem-render.so (commands/render_module.hpp): the renderer's entry points in one table.
#include "commands/render_module.hpp"

#include "render/offscreen.hpp"

extern "C" [[gnu::visibility("default")]] const aem::cli::RenderFunctions aem_render_functions{&aem::render_image,
                                                                                               &aem::render::write_png};
