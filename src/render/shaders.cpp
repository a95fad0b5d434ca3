#include "render/shaders.hpp"

namespace aem::render::shaders {

const char* const kMeshVertex = R"(layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec4 a_tangent;
layout(location = 3) in vec2 a_uv;
layout(location = 4) in vec4 a_color;
layout(location = 5) in ivec4 a_joints0;
layout(location = 6) in ivec4 a_joints1;
layout(location = 7) in vec4 a_weights0;
layout(location = 8) in vec4 a_weights1;
layout(location = 9) in int a_rigid_joint;

uniform mat4 u_view_projection;
uniform sampler2D u_skin;  // 3 texels per joint, kSkinJointsPerRow joints a row: a skin matrix's first three rows

out vec3 v_position;
out vec3 v_normal;
out vec4 v_tangent;
out vec2 v_uv;
out vec4 v_color;

// A skin matrix as its three rows; the fourth row is not used (aem::pose_mesh ignores it too).
struct Rows {
  vec4 r0, r1, r2;
};

Rows joint_rows(int j) {
  ivec2 base = ivec2(j % SKIN_JOINTS_PER_ROW * 3, j / SKIN_JOINTS_PER_ROW);
  return Rows(texelFetch(u_skin, base, 0), texelFetch(u_skin, base + ivec2(1, 0), 0), texelFetch(u_skin, base + ivec2(2, 0), 0));
}

void add_weighted(inout Rows sum, int j, float w) {
  Rows m = joint_rows(j);
  sum.r0 += w * m.r0;
  sum.r1 += w * m.r1;
  sum.r2 += w * m.r2;
}

vec3 apply_point(Rows m, vec3 p) {
  vec4 h = vec4(p, 1.0);
  return vec3(dot(m.r0, h), dot(m.r1, h), dot(m.r2, h));
}

vec3 apply_vector(Rows m, vec3 v) { return vec3(dot(m.r0.xyz, v), dot(m.r1.xyz, v), dot(m.r2.xyz, v)); }

void main() {
  vec3 p = a_position, n = a_normal, t = a_tangent.xyz;
  if (a_rigid_joint >= 0) {  // MeshBuffers maps out-of-range joints to -1
    Rows m = joint_rows(a_rigid_joint);
    p = apply_point(m, p);
    n = apply_vector(m, n);
    t = apply_vector(m, t);
  }
  // Blend the matrices, then transform once, with the weights as given (like aem::pose_mesh).
  Rows blended = Rows(vec4(0.0), vec4(0.0), vec4(0.0));
  bool skinned = false;
  for (int k = 0; k < 4; ++k)
    if (a_weights0[k] != 0.0) { add_weighted(blended, a_joints0[k], a_weights0[k]); skinned = true; }
  if (a_weights1 != vec4(0.0))
    for (int k = 0; k < 4; ++k)
      if (a_weights1[k] != 0.0) { add_weighted(blended, a_joints1[k], a_weights1[k]); skinned = true; }
  if (skinned) {
    p = apply_point(blended, p);
    n = apply_vector(blended, n);
    t = apply_vector(blended, t);
  }
  v_position = p;
  v_normal = n;
  v_tangent = vec4(t, a_tangent.w);
  v_uv = a_uv;
  v_color = a_color;
  gl_Position = u_view_projection * vec4(p, 1.0);
}
)";

const char* const kMeshFragment = R"(in vec3 v_position;
in vec3 v_normal;
in vec4 v_tangent;
in vec2 v_uv;
in vec4 v_color;

uniform sampler2D u_base_texture;       // sRGB
uniform sampler2D u_normal_texture;     // tangent space, (127,127,255) when absent
uniform sampler2D u_orm_texture;        // G roughness, B metalness
uniform sampler2D u_occlusion_texture;  // R occlusion
uniform sampler2D u_emissive_texture;   // sRGB
uniform vec4 u_base_color;
uniform float u_metallic;
uniform float u_roughness;
uniform vec3 u_emissive;
uniform bool u_blend;
uniform vec3 u_camera;
uniform vec3 u_key_direction;   // towards the key light
uniform vec3 u_fill_direction;  // towards the fill light
uniform vec3 u_sky;
uniform vec3 u_ground;
uniform bool u_flat;            // wireframe: one colour, no lighting
uniform vec4 u_flat_color;

out vec4 o_color;

const float PI = 3.14159265;

// Normal of the surface at this fragment: the interpolated normal (the face normal when the mesh has
// none), facing the viewer, perturbed by the normal map in the tangent frame (the frame from screen
// derivatives of position and UV when the mesh has no tangents).
vec3 shading_normal() {
  vec3 dpx = dFdx(v_position), dpy = dFdy(v_position);
  vec3 n = dot(v_normal, v_normal) > 1e-12 ? normalize(v_normal) : normalize(cross(dpx, dpy));
  if (!gl_FrontFacing) n = -n;
  vec3 m = texture(u_normal_texture, v_uv).xyz * 2.0 - 1.0;
  vec3 t, b;
  if (dot(v_tangent.xyz, v_tangent.xyz) > 1e-12) {
    t = normalize(v_tangent.xyz - n * dot(n, v_tangent.xyz));
    b = cross(n, t) * (v_tangent.w < 0.0 ? -1.0 : 1.0);
  } else {
    // Directions of increasing U and V on the surface. V runs down the image here (top-left UV
    // origin) while a normal map's green points up the image, hence the minus.
    vec2 dux = dFdx(v_uv), duy = dFdy(v_uv);
    vec3 r1 = cross(dpy, n), r2 = cross(n, dpx);
    t = r1 * dux.x + r2 * duy.x;
    b = -(r1 * dux.y + r2 * duy.y);
    float scale = inversesqrt(max(max(dot(t, t), dot(b, b)), 1e-20));
    t *= scale;
    b *= scale;
  }
  vec3 perturbed = t * m.x + b * m.y + n * m.z;
  return dot(perturbed, perturbed) > 1e-12 ? normalize(perturbed) : n;
}

float ggx(float n_h, float a) {
  float a2 = a * a;
  float d = n_h * n_h * (a2 - 1.0) + 1.0;
  return a2 / (PI * d * d);
}

float smith(float n_v, float n_l, float a) {
  float k = (a + 1.0) * (a + 1.0) / 8.0;
  return n_v / (n_v * (1.0 - k) + k) * n_l / (n_l * (1.0 - k) + k);
}

vec3 direct(vec3 n, vec3 v, vec3 l, vec3 albedo, vec3 f0, float rough) {
  float n_l = max(dot(n, l), 0.0);
  if (n_l <= 0.0) return vec3(0.0);
  vec3 h = normalize(v + l);
  float n_v = max(dot(n, v), 1e-4);
  float a = rough * rough;
  vec3 f = f0 + (1.0 - f0) * pow(1.0 - max(dot(h, v), 0.0), 5.0);
  vec3 specular = f * ggx(max(dot(n, h), 0.0), a) * smith(n_v, n_l, a) / (4.0 * n_v * n_l + 1e-4);
  return ((1.0 - f) * albedo / PI + specular) * n_l;
}

void main() {
  if (u_flat) {
    o_color = u_flat_color;
    return;
  }
  vec4 base = u_base_color * texture(u_base_texture, v_uv) * v_color;
  vec4 orm = texture(u_orm_texture, v_uv);
  float occlusion = texture(u_occlusion_texture, v_uv).r;
  float rough = clamp(u_roughness * orm.g, 0.04, 1.0);
  float metal = clamp(u_metallic * orm.b, 0.0, 1.0);
  vec3 n = shading_normal();
  vec3 v = normalize(u_camera - v_position);
  vec3 albedo = base.rgb * (1.0 - metal);
  vec3 f0 = mix(vec3(0.04), base.rgb, metal);

  vec3 color = direct(n, v, u_key_direction, albedo, f0, rough) * 2.0;
  color += direct(n, v, u_fill_direction, albedo, f0, rough) * 0.4;
  // Hemisphere ambient: sky from above, ground from below; metals get it as a dull reflection.
  vec3 hemisphere = mix(u_ground, u_sky, n.y * 0.5 + 0.5);
  color += hemisphere * (albedo + f0 * (1.0 - rough * 0.7)) * occlusion;
  color += u_emissive * texture(u_emissive_texture, v_uv).rgb;
  // Filmic curve (Narkowicz's ACES fit): bright areas roll off instead of clipping to white.
  color = clamp(color * (2.51 * color + 0.03) / (color * (2.43 * color + 0.59) + 0.14), 0.0, 1.0);
  o_color = vec4(pow(color, vec3(1.0 / 2.2)), u_blend ? base.a : 1.0);
}
)";

const char* const kLineVertex = R"(layout(location = 0) in vec3 a_position;
layout(location = 1) in vec4 a_color;
uniform mat4 u_view_projection;
out vec4 v_color;
void main() {
  v_color = a_color;
  gl_Position = u_view_projection * vec4(a_position, 1.0);
  gl_PointSize = 5.0;  // skeleton joints; desktop GL takes glPointSize instead
}
)";

const char* const kLineFragment = R"(in vec4 v_color;
out vec4 o_color;
void main() { o_color = v_color; }
)";

}  // namespace aem::render::shaders
