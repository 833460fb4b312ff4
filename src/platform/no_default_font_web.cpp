// Web build only: Dear ImGui's built-in ProggyClean font left out of the download.
//
// Why: ImFontAtlas::GetTexDataAsAlpha8 (imgui_draw.cpp, 1.86) calls AddFontDefault() when no font
// was added, so the linker keeps ProggyClean's base85 data and its decompressor: 11.5 KB gzip of
// the wasm for a font BloomLab never draws (app/view/fonts.cpp adds the UI font before the atlas is
// built, always). Dear ImGui 1.86 has no switch for it (IMGUI_DISABLE_DEFAULT_FONT came later),
// and no third-party source is patched here: the link wraps the symbol
// (-Wl,--wrap=..., src/platform/CMakeLists.txt) so that every call lands in this function and the
// original, with its data, is never referenced. Should a build ever reach it, the atlas has no
// font: it answers nullptr, which GetTexDataAsAlpha8 ignores, and the atlas builds empty (text is
// not drawn) rather than the module aborting.
struct ImFont;
struct ImFontAtlas;
struct ImFontConfig;

extern "C" ImFont* __wrap__ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig(ImFontAtlas*,
                                                                            const ImFontConfig*) {
  return nullptr;
}
